// The marketplace's distributors are shared suppliers, kept in step with the configuration at start-up.
export { upsertVendorSupplier } from './suppliers.repo';
