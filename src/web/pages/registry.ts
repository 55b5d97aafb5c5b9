// Named pages of schemas/menu.json (`render: { page: <name> }`) and the variants' homePage names.
// Every page is its own chunk: the login route downloads only what it shows.
import type { ResolvedRoute } from '../../shared/menu';
import { lazyPage, type LazyPageComponent } from '../navigation/lazyPage';
import { signsInOnMainPlatform } from '../variant';

export interface PageProps {
  route: ResolvedRoute;
}

const agreement = (name: 'RegisterProtocolPage' | 'ServiceProvisionPage') =>
  lazyPage(() => import('./auth/documents/AgreementPage').then((m) => ({ default: m[name] })));
const home = (name: 'HomeMain' | 'HomeXhn' | 'HomeSzdj' | 'HomeJjsk') =>
  lazyPage(() => import('./home/HomePage').then((m) => ({ default: m[name] })));

export const PAGES: Record<string, LazyPageComponent<PageProps>> = {
  // A variant build has no login form of its own: it sends the visitor to the main platform's.
  login: signsInOnMainPlatform()
    ? lazyPage(() => import('../handoff/MainPlatformLogin'))
    : lazyPage(() => import('./auth/login/LoginPage')),
  register: lazyPage(() => import('./auth/register/RegisterPage')),
  forgetPassword: lazyPage(() => import('./auth/forget/ForgetPasswordPage')),
  registerProtocol: agreement('RegisterProtocolPage'),
  serviceProvision: agreement('ServiceProvisionPage'),
  registerSuccessfully: lazyPage(() => import('./auth/register/RegisterSuccessPage')),
  webview: lazyPage(() => import('./auth/documents/WebviewPage')),
  landing: lazyPage(() => import('./landing/LandingPage')),
  notFound: lazyPage(() => import('./errors/NotFoundPage')),
  homeMain: home('HomeMain'),
  homeXhn: home('HomeXhn'),
  homeSzdj: home('HomeSzdj'),
  homeJjsk: home('HomeJjsk'),
  message: lazyPage(() => import('./message/MessageCentrePage')),
  opsNotices: lazyPage(() => import('./ops/OpsNoticesPage')),
  audit: lazyPage(() => import('./audit/AuditPage')),
  businessAuthentication: lazyPage(() => import('./authentication/AuthenticationPage')),
  authenticationSubmitted: lazyPage(() => import('./authentication/AuthenticationSubmittedPage')),
  opsAuthentication: lazyPage(() => import('./ops/OpsAuthenticationPage')),
  operator: lazyPage(() => import('./operator/OperatorPage')),
  apiKeys: lazyPage(() => import('./machines/ApiKeysPage')),
  webhooks: lazyPage(() => import('./machines/WebhooksPage')),
  bindOperator: lazyPage(() => import('./operator/BindOperatorPage')),
  accountSafe: lazyPage(() => import('./accountSafe/AccountSafePage')),
  agreements: lazyPage(() => import('./agreements/AgreementsPage')),
  historicalRules: lazyPage(() => import('./agreements/HistoricalRulesPage')),
  demoTerms: lazyPage(() => import('./agreements/DemoTermsPage')),
  task: lazyPage(() => import('./task/TaskPage')),
  friendLinks: lazyPage(() => import('./friendLinks/FriendLinksPage')),
  buildPage: lazyPage(() => import('./buildPage/BuildPage')),
  mutualStatus: lazyPage(() => import('./mutual/MutualStatusPage')),
  contractDocument: lazyPage(() => import('./contracts/ContractDocumentPage')),
  actionResult: lazyPage(() => import('./offers/ActionResultPage')),
  requestSubmitted: lazyPage(() => import('./requests/RequestSubmittedPage')),
  peaceSigning: lazyPage(() => import('./offers/PeaceSigningPage')),
  serviceAgreement: lazyPage(() => import('./agreements/ServiceAgreementPage')),
  accountDetails: lazyPage(() => import('./funds/AccountDetailsPage')),
  coinDays: lazyPage(() => import('./coinDays/CoinDaysPage')),
  paymentStatus: lazyPage(() => import('./receipts/PaymentStatusPage')),
  receiptVerify: lazyPage(() => import('./receipts/ReceiptVerifyPage')),
};

export const ReceiptPage = lazyPage(() => import('./receipts/ReceiptPage'));
export const ResourceRoute = lazyPage(() => import('../resources/ResourceRoute'));
export const ForbiddenPage = lazyPage(() => import('./errors/ForbiddenPage'));
