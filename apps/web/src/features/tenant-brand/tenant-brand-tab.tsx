import { isTenantAdmin } from '@tappa/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { useSession } from '../../api/session';
import { useSaveTenantBrand, useSessionSlugMove, useTenantBrand } from '../../api/tenant-brand';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n';
import { tenantRoleFor } from '../../lib/session-roles';
import { TenantForm } from '../../components/tenant-form/tenant-form';
import { valuesFromTenant } from '../../components/tenant-form/tenant-form-values';
import '../../components/admin-ui.css';

/** Doc 1 §9: a saved message stays 3 seconds. */
const SAVED_NOTICE_MS = 3000;

/** Props of `TenantBrandTab`. */
export interface TenantBrandTabProps {
  tenantSlug: string;
}

/**
 * The Brand tab of the tenant settings (doc 1 §2, decision 0033): every tenant field with the
 * five images, rich text payoff and description, and 'Profilo Attivo'. Its admins and the
 * superadmin save it ('Tenant aggiornato con successo!'); a game manager sees it read-only. A new
 * slug moves the page to the tenant's new address.
 */
export function TenantBrandTab({ tenantSlug }: TenantBrandTabProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const brand = useTenantBrand(tenantSlug);
  const save = useSaveTenantBrand(tenantSlug);
  const slugMove = useSessionSlugMove();
  // The new slug the page is moving to; the session is read again once it is there.
  const movingTo = useRef<string | null>(null);
  // A new form after each save, so that it starts from what the server stored.
  const [saves, setSaves] = useState(0);
  const { notice, show } = useNotice(SAVED_NOTICE_MS);
  const role = session.data ? tenantRoleFor(session.data, tenantSlug) : null;

  useEffect(() => {
    if (movingTo.current !== tenantSlug) return;
    movingTo.current = null;
    void slugMove.refresh();
  }, [tenantSlug, slugMove]);

  function submit(form: FormData) {
    save.mutate(form, {
      onSuccess: (saved) => {
        show({ kind: 'success', text: t('superadmin.tenantUpdated') });
        setSaves((count) => count + 1);
        if (saved.slug !== tenantSlug) {
          slugMove.rename(tenantSlug, saved.slug);
          movingTo.current = saved.slug;
          void navigate(`/${saved.slug}/settings?tab=brand`, { replace: true });
        }
      },
    });
  }

  return (
    <section className="panel">
      <Notice notice={notice} />
      <QueryState query={brand}>
        {(tenant) => (
          <TenantForm
            key={`${tenant.slug}-${saves}`}
            mode="brand"
            initial={valuesFromTenant(tenant)}
            images={tenant}
            submit={submit}
            isPending={save.isPending}
            error={save.error}
            readOnly={session.data !== undefined && !isTenantAdmin(role)}
          />
        )}
      </QueryState>
    </section>
  );
}
