import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { ScrollToTop } from './ScrollToTop';
import { SiteLayout } from './layouts';
import { RequireAuth } from './RequireAuth';
import { REDIRECTS, redirectElement } from './redirects';

// Every page is its own chunk: the landing page ships only what it draws.
const LandingPage = lazy(() => import('@web/features/marketing/LandingPage'));
const FeaturesPage = lazy(() => import('@web/features/marketing/FeaturesPage'));
const PricingPage = lazy(() => import('@web/features/marketing/PricingPage'));
const FaqPage = lazy(() => import('@web/features/marketing/FaqPage'));
const TermsPage = lazy(() => import('@web/features/marketing/TermsPage'));
const PrivacyPage = lazy(() => import('@web/features/marketing/PrivacyPage'));
const HowItWorksPage = lazy(() => import('@web/features/marketing/HowItWorksPage'));
const AboutPage = lazy(() => import('@web/features/marketing/AboutPage'));
const BlogListPage = lazy(() => import('@web/features/blog/BlogListPage'));
const BlogPostPage = lazy(() => import('@web/features/blog/BlogPostPage'));
const LoginPage = lazy(() => import('@web/features/auth/LoginPage'));
const RegisterPage = lazy(() => import('@web/features/auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('@web/features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('@web/features/auth/ResetPasswordPage'));
const LogoutSuccessPage = lazy(() => import('@web/features/auth/LogoutSuccessPage'));
const ProfilePage = lazy(() => import('@web/features/account/ProfilePage'));
const ProfileEditPage = lazy(() => import('@web/features/account/ProfileEditPage'));
const SecurityPage = lazy(() => import('@web/features/account/SecurityPage'));
const CreditsCheckoutPage = lazy(() => import('@web/features/billing/CreditsCheckoutPage'));
const ProCheckoutPage = lazy(() => import('@web/features/billing/ProCheckoutPage'));
const BillingPage = lazy(() => import('@web/features/billing/BillingPage'));
const LocalCheckoutPage = lazy(() => import('@web/features/billing/LocalCheckoutPage'));
const LocalPortalPage = lazy(() => import('@web/features/billing/LocalPortalPage'));
// The back-office is its own chunk: collectors never download it.
const AdminPage = lazy(() => import('@web/features/admin/AdminPage'));
const DashboardPage = lazy(() => import('@web/features/collection/DashboardPage'));
const CollectionPage = lazy(() => import('@web/features/collection/CollectionPage'));
const ImportPage = lazy(() => import('@web/features/collection-io/ImportPage'));
const AddCardPage = lazy(() => import('@web/features/cards/AddCardPage'));
const GradeCardPage = lazy(() => import('@web/features/grading/GradeCardPage'));
const GradingProgressPage = lazy(() => import('@web/features/grading/GradingProgressPage'));
const CardProfilePage = lazy(() => import('@web/features/grading/CardProfilePage'));
const ManualGradingPage = lazy(() => import('@web/features/grading/ManualGradingPage'));
const TestDetectionPage = lazy(() => import('@web/features/grading/TestDetectionPage'));
const FirstGradePage = lazy(() => import('@web/features/cards/FirstGradePage'));
const BinderDetailPage = lazy(() => import('@web/features/binders/BinderDetailPage'));
// Public binders' share pages (issue 15): no account, own chunks.
const SharedBinderPage = lazy(() => import('@web/features/share/SharedBinderPage'));
const SharedCardPage = lazy(() => import('@web/features/share/SharedCardPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

const guarded = (element: React.ReactNode) => <RequireAuth>{element}</RequireAuth>;

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        {/* The built-in test provider's hosted pages stand alone, as a provider's pages would. */}
        <Route path="/pay/local/portal" element={guarded(<LocalPortalPage />)} />
        <Route path="/pay/local/:sessionId" element={guarded(<LocalCheckoutPage />)} />
        <Route element={<SiteLayout footer />}>
          <Route path="/" element={<LandingPage />} />
          <Route path="/features" element={<FeaturesPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/faq" element={<FaqPage />} />
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/how-it-works" element={<HowItWorksPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/blog" element={<BlogListPage />} />
          <Route path="/blog/:slug" element={<BlogPostPage />} />
        </Route>
        <Route element={<SiteLayout />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/auth/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/auth/register" element={<RegisterPage />} />
          <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
          <Route path="/logout-success" element={<LogoutSuccessPage />} />
          <Route path="/shared/binders/:id" element={<SharedBinderPage />} />
          <Route path="/shared/binders/:id/cards/:userCardId" element={<SharedCardPage />} />
          <Route path="/account/profile" element={guarded(<ProfilePage />)} />
          <Route path="/account/profile/edit" element={guarded(<ProfileEditPage />)} />
          <Route path="/account/security" element={guarded(<SecurityPage />)} />
          <Route path="/account/dashboard" element={guarded(<DashboardPage />)} />
          <Route path="/account/collection" element={guarded(<CollectionPage />)} />
          <Route path="/account/collection/import" element={guarded(<ImportPage />)} />
          <Route path="/account/collection/card-profile/:id" element={guarded(<CardProfilePage />)} />
          <Route path="/account/collection/binder-detail/:id" element={guarded(<BinderDetailPage />)} />
          <Route path="/binder/:id" element={guarded(<BinderDetailPage />)} />
          <Route path="/account/card/add-card" element={guarded(<AddCardPage />)} />
          <Route path="/account/manual-grading" element={guarded(<ManualGradingPage />)} />
          <Route path="/account/manual-grading/:cardId" element={guarded(<ManualGradingPage />)} />
          <Route path="/account/first-grade" element={guarded(<FirstGradePage />)} />
          <Route path="/account/test-detection" element={guarded(<TestDetectionPage />)} />
          <Route path="/account/card/grade-card/:id" element={guarded(<GradeCardPage />)} />
          <Route path="/account/card/grading-progress/:userCardId" element={guarded(<GradingProgressPage />)} />
          <Route path="/account/checkout/credits" element={guarded(<CreditsCheckoutPage />)} />
          <Route path="/account/checkout/subscriptions" element={guarded(<ProCheckoutPage />)} />
          <Route path="/account/billing" element={guarded(<BillingPage />)} />
          <Route path="/admin" element={guarded(<AdminPage />)} />
          <Route path="/admin/*" element={guarded(<AdminPage />)} />
          {REDIRECTS.map((r) => (
            <Route key={r.from} path={r.from} element={redirectElement(r.to, r.keepQuery)} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}
