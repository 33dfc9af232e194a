// Alerts follow the stock: a module that changes stock, minimum levels or the catalog refreshes
// the alerts of what it touched in the same transaction, so an alert never lags its cause.
export { alertRulesNow, refreshAlerts, refreshProductAlerts, type AlertRules, type AlertScope } from './alerts.repo';
