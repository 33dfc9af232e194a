import { Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { DESKTOP_HOME } from '../lib/session';
import { PublicOnly, RequireAdmin, RequireAuditReader, RequireLocation, RequireAuth, RequireOrganizationAdmin, RequirePermission } from './route-guards';
import { RouteError } from './route-error';
import { page } from './lazy-page';

const LoginPage = page(() => import('../features/auth/pages/login-page'), 'LoginPage');
const RegisterPage = page(() => import('../features/auth/pages/register-page'), 'RegisterPage');
const RecoverAccountPage = page(() => import('../features/auth/pages/recover-account-page'), 'RecoverAccountPage');
const ResetPasswordPage = page(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const TermsPage = page(() => import('../features/legal/pages/terms-page'), 'TermsPage');
const AppLayout = page(() => import('./layout/app-layout'), 'AppLayout');
const DashboardPage = page(() => import('../features/dashboard/pages/dashboard-page'), 'DashboardPage');
const CompanyDashboardPage = page(() => import('../features/dashboard/pages/company-dashboard-page'), 'CompanyDashboardPage');
const WelcomePage = page(() => import('../features/dashboard/pages/welcome-page'), 'WelcomePage');
const ProfilePage = page(() => import('./routes/profile-route'), 'ProfileRoute');
const CompanyPage = page(() => import('./routes/company-page'), 'CompanyPage');
const PendingUsersPage = page(() => import('../features/users/pages/users-by-approval-page'), 'PendingUsersPage');
const RejectedUsersPage = page(() => import('../features/users/pages/users-by-approval-page'), 'RejectedUsersPage');
const DeletedUsersPage = page(() => import('../features/users/pages/deleted-users-page'), 'DeletedUsersPage');
const TestEmailsPage = page(() => import('../features/users/pages/test-emails-page'), 'TestEmailsPage');
const CategoriesPage = page(() => import('../features/categories/pages/categories-page'), 'CategoriesPage');
const CategoryProductsPage = page(() => import('../features/categories/pages/category-products-page'), 'CategoryProductsPage');
const ProductsPage = page(() => import('../features/products/pages/products-page'), 'ProductsPage');
const PendingProductsPage = page(() => import('../features/products/pages/pending-products-page'), 'PendingProductsPage');
const InventoryPage = page(() => import('../features/stock/pages/inventory-page'), 'InventoryPage');
const PlacesPage = page(() => import('../features/places/pages/places-page'), 'PlacesPage');
const CountsPage = page(() => import('../features/counts/pages/counts-page'), 'CountsPage');
const CountPage = page(() => import('../features/counts/pages/count-page'), 'CountPage');
const SuggestionsPage = page(() => import('../features/reorder/pages/suggestions-page'), 'SuggestionsPage');
const PmsPage = page(() => import('../features/visits/pages/pms-page'), 'PmsPage');
const UpcomingPage = page(() => import('../features/visits/pages/upcoming-page'), 'UpcomingPage');
const TransfersPage = page(() => import('../features/transfers/pages/transfers-page'), 'TransfersPage');
const AlertsPage = page(() => import('./routes/alerts-route'), 'AlertsRoute');
const RunningListsPage = page(() => import('../features/purchasing/pages/running-lists-page'), 'RunningListsPage');
const RunningListPage = page(() => import('./routes/running-list-route'), 'RunningListRoute');
const PurchaseHistoryPage = page(() => import('../features/purchasing/pages/purchase-history-page'), 'PurchaseHistoryPage');
const PurchaseOrderPage = page(() => import('../features/purchasing/pages/purchase-order-page'), 'PurchaseOrderPage');
const MarketplacePage = page(() => import('../features/marketplace/pages/marketplace-page'), 'MarketplacePage');
const MarketplaceOrdersPage = page(() => import('./routes/marketplace-orders-route'), 'MarketplaceOrdersRoute');
const TreatmentCategoriesPage = page(() => import('../features/treatments/pages/treatment-categories-page'), 'TreatmentCategoriesPage');
const CategoryTreatmentsPage = page(() => import('../features/treatments/pages/category-treatments-page'), 'CategoryTreatmentsPage');
const TreatmentsPage = page(() => import('../features/treatments/pages/treatments-page'), 'TreatmentsPage');
const TreatmentDetailPage = page(() => import('../features/treatments/pages/treatment-detail-page'), 'TreatmentDetailPage');
const TreatmentFormPage = page(() => import('../features/treatments/pages/treatment-form-page'), 'TreatmentFormPage');
const TreatmentExecutionPage = page(() => import('../features/visits/pages/treatment-execution-page'), 'TreatmentExecutionPage');
const VisitEditPage = page(() => import('../features/visits/pages/visit-edit-page'), 'VisitEditPage');
const PatientsPage = page(() => import('../features/visits/pages/patients-page'), 'PatientsPage');
const PatientPage = page(() => import('../features/visits/pages/patient-page'), 'PatientPage');
const RecallPage = page(() => import('../features/visits/pages/recall-page'), 'RecallPage');
const ProductPage = page(() => import('./routes/product-page'), 'ProductPage');
const ImportPage = page(() => import('../features/imports/pages/import-page'), 'ImportPage');
const ImportInstructionsPage = page(() => import('../features/imports/pages/import-instructions-page'), 'ImportInstructionsPage');
const SuppliersPage = page(() => import('./routes/suppliers-route'), 'SuppliersRoute');
const ClientsPage = page(() => import('../features/organizations/pages/clients-page'), 'ClientsPage');
const ClientDetailPage = page(() => import('./routes/client-detail-page'), 'ClientDetailPage');
const AuditPage = page(() => import('../features/audit/pages/audit-page'), 'AuditPage');
const JobsPage = page(() => import('../features/jobs/pages/jobs-page'), 'JobsPage');
const LocalCheckoutPage = page(() => import('../features/subscriptions/pages/local-checkout-page'), 'LocalCheckoutPage');

function RootShell() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    children: [
      { element: <PublicOnly />, children: [{ path: '/', element: <LoginPage /> }] },
      { path: '/register', element: <RegisterPage /> },
      { path: '/recover-account', element: <RecoverAccountPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/terms', element: <TermsPage /> },
      {
        element: <RequireAuth />,
        children: [
          // The local payment provider's checkout stands alone, like a provider's page: the
          // subscription dialog of the app layout would cover it.
          { path: '/checkout/local/:checkoutId', element: <LocalCheckoutPage /> },
          {
            element: <AppLayout />,
            errorElement: <RouteError />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              {
                element: <RequireOrganizationAdmin />,
                children: [{ path: '/company-dashboard', element: <CompanyDashboardPage /> }],
              },
              { path: '/welcome', element: <WelcomePage /> },
              { path: '/categories', element: <CategoriesPage /> },
              { path: '/categories/:categoryId/products', element: <CategoryProductsPage /> },
              { path: '/products', element: <ProductsPage /> },
              { path: '/products-v2', element: <ProductsPage /> },
              { path: '/products/:productId', element: <ProductPage /> },
              { path: '/suppliers', element: <SuppliersPage /> },
              { path: '/users/profile', element: <ProfilePage /> },
              { path: '/users/company', element: <CompanyPage /> },
              {
                element: <RequireLocation />,
                children: [
                  { path: '/alerts', element: <AlertsPage /> },
                  { path: '/inventory', element: <InventoryPage /> },
                  {
                    // Issue 34: the location's storage places, for who may update the location (its admins).
                    element: <RequirePermission feature="companies" action="update" />,
                    children: [
                      { path: '/places', element: <PlacesPage /> },
                      // Issue 36: the practice-management link, procedures in and codes mapped.
                      { path: '/pms', element: <PmsPage /> },
                    ],
                  },
                  {
                    // Issue 36: the next 14 days' trays, for whoever reads the treatments.
                    element: <RequirePermission feature="treatments" action="read" />,
                    children: [{ path: '/upcoming-trays', element: <UpcomingPage /> }],
                  },
                  {
                    // Issue 34, item 3: transfers to and from the location, for whoever reads its stock.
                    element: <RequirePermission feature="stock" action="read" />,
                    children: [{ path: '/transfers', element: <TransfersPage /> }],
                  },
                  {
                    // Issue 34: cycle counts; everyone who reads stock sees them, staff count.
                    element: <RequirePermission feature="stock" action="read" />,
                    children: [
                      { path: '/counts', element: <CountsPage /> },
                      { path: '/counts/:countId', element: <CountPage /> },
                    ],
                  },
                  {
                    // Issue 35: suggested orders, for whoever reads purchase orders; its admins act on it.
                    element: <RequirePermission feature="purchaseOrder" action="read" />,
                    children: [{ path: '/reorder/suggestions', element: <SuggestionsPage /> }],
                  },
                  {
                    element: <RequirePermission feature="runningList" action="read" />,
                    children: [
                      { path: '/running-list', element: <RunningListsPage /> },
                      { path: '/running-list/:runningListId', element: <RunningListPage /> },
                    ],
                  },
                  {
                    element: <RequirePermission feature="treatments" action="read" />,
                    children: [
                      { path: '/treatments/categories', element: <TreatmentCategoriesPage /> },
                      { path: '/treatments/categories/:categoryId', element: <CategoryTreatmentsPage /> },
                      { path: '/treatment/design', element: <TreatmentsPage /> },
                      { path: '/treatment/design/:id', element: <TreatmentDetailPage /> },
                    ],
                  },
                  {
                    // Phones and tablets land on /treatment-execution after login (spec section 2).
                    element: <RequirePermission feature="treatmentLogs" action="create" />,
                    children: [
                      { path: '/treatment-execution', element: <TreatmentExecutionPage /> },
                      { path: '/treatment-execution/:patient_name', element: <TreatmentExecutionPage /> },
                    ],
                  },
                  {
                    element: <RequirePermission feature="treatmentLogs" action="update" />,
                    children: [{ path: '/treatment-execution/edit/:logId', element: <VisitEditPage /> }],
                  },
                  {
                    element: <RequirePermission feature="patients" action="read" />,
                    children: [
                      { path: '/patients', element: <PatientsPage /> },
                      { path: '/patients/:patientId', element: <PatientPage /> },
                      { path: '/recall', element: <RecallPage /> },
                    ],
                  },
                  {
                    element: <RequirePermission feature="treatments" action="create" />,
                    children: [{ path: '/treatment/form', element: <TreatmentFormPage /> }],
                  },
                  {
                    element: <RequirePermission feature="treatments" action="update" />,
                    children: [{ path: '/treatment/form/:id', element: <TreatmentFormPage /> }],
                  },
                  {
                    element: <RequirePermission feature="purchaseHistory" action="read" />,
                    children: [
                      { path: '/purchase-history', element: <PurchaseHistoryPage /> },
                      { path: '/purchase-history/:id', element: <PurchaseOrderPage /> },
                    ],
                  },
                  {
                    element: <RequirePermission feature="marketplace" action="read" />,
                    children: [
                      { path: '/marketplace', element: <MarketplacePage /> },
                      { path: '/marketplace/orders', element: <MarketplaceOrdersPage /> },
                    ],
                  },
                ],
              },
              { element: <RequireAuditReader />, children: [{ path: '/audit', element: <AuditPage /> }] },
              {
                element: <RequireAdmin />,
                children: [
                  { path: '/products/pending', element: <PendingProductsPage /> },
                  { path: '/import', element: <ImportPage /> },
                  { path: '/import/instructions', element: <ImportInstructionsPage /> },
                  { path: '/clients', element: <ClientsPage /> },
                  { path: '/clients/:organizationId', element: <ClientDetailPage /> },
                  { path: '/users/pending', element: <PendingUsersPage /> },
                  { path: '/users/rejected', element: <RejectedUsersPage /> },
                  { path: '/users/deleted', element: <DeletedUsersPage /> },
                  { path: '/users/test-emails', element: <TestEmailsPage /> },
                  { path: '/jobs', element: <JobsPage /> },
                ],
              },
              { path: '*', element: <Navigate to={DESKTOP_HOME} replace /> },
            ],
          },
        ],
      },
    ],
  },
];
