import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../shared/index.js';

/** While an administrator views a customer, say whose data this is (§2). */
export function AdminBanner({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const text = user.adminName
    ? t('admin.banner', { customer: user.custName, admin: user.adminName })
    : t('admin.bannerNoName', { customer: user.custName });
  return (
    <div role="note" aria-label={t('admin.bannerLabel')} className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      {text}
    </div>
  );
}
