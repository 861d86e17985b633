import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('dev/crash', 'routes/dev.crash.tsx'),
  // Accounts (issue 3).
  // One module for both; it reads which from the path.
  route('signin', 'routes/auth.tsx', { id: 'auth/signin' }),
  route('signup', 'routes/auth.tsx', { id: 'auth/signup' }),
  route('verify-email', 'routes/verify-email.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('create-password', 'routes/create-password.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('profile', 'routes/profile.tsx'),
  // Where an erased customer lands, signed out (decision 0159).
  route('account-deleted', 'routes/account-deleted.tsx'),
  route('dev/mailbox', 'routes/dev.mailbox.tsx'),
  // The form engine on any definition (issue 10); a 404 in production like /dev/crash.
  route('dev/form-preview', 'routes/dev.form-preview.tsx'),
  route('package-form', 'routes/package-form.tsx'),
  // SPEC.md §2 SERVICE_ORDER: one application's status, to-do, members, documents and timeline (issue 10).
  route('service-order', 'routes/service-order.tsx'),
  // A paid member's answers in the government portal's format, to copy, with the print pack (issue 32 §3).
  route('service-order/copy-assist', 'routes/service-order.copy-assist.tsx'),
  // An application's checkout (decision 0088); /service-order?…&checkout=1 redirects here.
  route('checkout', 'routes/checkout.tsx'),
  // SPEC.md §2 SERVICE_PAYMENT_SUCCESS: where a payment provider sends the customer back (issue 11).
  route('service-payment-success', 'routes/service-payment-success.tsx'),
  // Every service with its starting price (issue 9).
  route('services', 'routes/services.tsx'),
  // Content, marketing, contact and refunds (issue 5).
  route('about-us', 'routes/about-us.tsx'),
  route('refer-friend', 'routes/refer-friend.tsx'),
  route('sevadocs-service-faqs', 'routes/faqs.tsx'),
  route('articles', 'routes/articles.tsx'),
  route('articles/:slug', 'routes/article.tsx'),
  route('guideline', 'routes/guideline.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('refund-request', 'routes/refund-request.tsx'),
  // SevaPhotos: the landing page (issue 12).
  route('photos', 'routes/photos.tsx'),
  // SPEC.md §2 PHOTO_ENHANCEMENT_ORDER: the photo order flow and, once paid, its order page (decision 0065).
  route('photos/photo-enhancement', 'routes/photo-enhancement.tsx'),
  route('photos/photo-order', 'routes/photo-order.tsx'),
  // The same module as SERVICE_PAYMENT_SUCCESS; it reads the kind of order from the path.
  route('photo-payment-success', 'routes/service-payment-success.tsx', { id: 'photo-payment-success' }),
  // The back office (issue 13): staff and admins only; each page checks its role on the server.
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.tsx'),
    route('audit-log', 'routes/admin.audit-log.tsx'),
    route('orders', 'routes/admin.orders.tsx'),
    route('orders/:ref', 'routes/admin.order.tsx'),
    route('photo-checks', 'routes/admin.photo-checks.tsx'),
    route('data-rights', 'routes/admin.data-rights.tsx'),
    route('users', 'routes/admin.users.tsx'),
    route('users/:id', 'routes/admin.users.$id.tsx'),
    route('refunds', 'routes/admin.refunds.tsx'),
    route('refunds/:id', 'routes/admin.refunds.$id.tsx'),
    route('referral-rewards', 'routes/admin.referral-rewards.tsx'),
    route('messages', 'routes/admin.messages.tsx'),
    route('messages/:id', 'routes/admin.messages.$id.tsx'),
    route('catalog', 'routes/admin.catalog.tsx'),
    route('catalog/:serviceId', 'routes/admin.catalog.service.tsx'),
    route('coupons', 'routes/admin.coupons.tsx'),
    route('coupons/:couponId', 'routes/admin.coupons.edit.tsx'),
    route('countries', 'routes/admin.countries.tsx'),
    route('countries/:isoCode', 'routes/admin.countries.$isoCode.tsx'),
    route('forms', 'routes/admin.forms.tsx'),
    route('forms/:id', 'routes/admin.forms.$id.tsx'),
    route('content', 'routes/admin.content.tsx'),
    route('content/offers/:id', 'routes/admin.content.offers.$id.tsx'),
    route('content/banners/:id', 'routes/admin.content.banners.$id.tsx'),
    route('content/articles/:id', 'routes/admin.content.articles.$id.tsx'),
    route('content/terms', 'routes/admin.content.terms.tsx'),
    route('content/partners/:id', 'routes/admin.content.partners.$id.tsx'),
    route('content/team-members/:id', 'routes/admin.content.team-members.$id.tsx'),
    route('content/about', 'routes/admin.content.about.tsx'),
  ]),
  // One module for both campaign pages; it reads the campaign from the path.
  route('visa-service', 'routes/campaign.tsx', { id: 'campaign/visa-service' }),
  route('indian-tourist-visa', 'routes/campaign.tsx', { id: 'campaign/indian-tourist-visa' }),
  route('indiavisacampaign/thank-you', 'routes/campaign-thank-you.tsx'),
  // SPEC.md §2 SEO paths /{service}[/{package}][/{countries}]; the codec tells the segments apart.
  route(':serviceSlug/:second?/:third?', 'routes/service.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
