-- What identity reads of, or does to, both environments, as narrow views and one function in public.
-- On PostgreSQL each environment's connections take a role of their own that cannot reach the other's
-- schema (db/roles.ts); these run with their owner's rights, so the onboarding steps, the review's
-- dossier, a removed member's history and the revocation of a person's AI-app tokens still reach
-- across, and nothing else does.

-- The onboarding steps an organization has done in the sandbox (core/organizations/readiness.ts).
create view sandbox_onboarding_steps as
  select organization_id, 'platform_key_created' as step, min(created_at) as at
    from sandbox.platform_keys where id not like 'pk_seed%' group by organization_id
  union all
  select k.organization_id, 'widget_key_with_origin', min(k.created_at)
    from sandbox.widget_keys k
   where k.id not like 'wk_seed%' and k.revoked_at is null
     and exists (select 1 from sandbox.widget_key_origins o where o.widget_key_id = k.id)
   group by k.organization_id
  union all
  select e.organization_id, 'webhook_endpoint_verified', min(d.created_at)
    from sandbox.webhook_deliveries d join sandbox.webhook_endpoints e on e.id = d.endpoint_id
   where d.test and d.status = 'succeeded' group by e.organization_id
  union all
  select k.organization_id, 'valuation_called', min(u.first_at)
    from sandbox.daily_usage u join sandbox.platform_keys k on k.id = u.subject
   where u.kind = 'platform_estimate' and u.count > 0 and k.id not like 'pk_seed%'
   group by k.organization_id;

-- The organizations holding a live key not revoked.
create view live_keys_held as
  select organization_id from live.platform_keys where revoked_at is null
  union
  select organization_id from live.widget_keys where revoked_at is null;

-- What the staff read before deciding a review (core/organizations/review-dossier.ts).
create view sandbox_key_websites as
  select distinct k.organization_id, o.origin
    from sandbox.widget_key_origins o join sandbox.widget_keys k on k.id = o.widget_key_id
   where k.revoked_at is null;

create view sandbox_webhook_receivers as
  select organization_id, url, enabled, created_at from sandbox.webhook_endpoints;

create view sandbox_estimate_use as
  select k.organization_id,
         coalesce(sum(u.count) filter (where u.kind = 'widget_estimate'), 0)::int as widget,
         coalesce(sum(u.count) filter (where u.kind = 'platform_estimate'), 0)::int as platform
    from sandbox.daily_usage u
    join (select id, organization_id from sandbox.widget_keys
          union all select id, organization_id from sandbox.platform_keys) k on k.id = u.subject
   group by k.organization_id;

-- A person removed from an organization, in either environment's audit log.
create view membership_removals as
  select organization_id, target as user_id, at from sandbox.audit_log where action = 'membership.removed'
  union all
  select organization_id, target, at from live.audit_log where action = 'membership.removed';

-- Revokes a person's AI-app tokens in both environments: every organization's, or one's.
create function revoke_ai_app_tokens(person text, organization text) returns void
language sql security definer set search_path = public as $$
  update sandbox.oauth_tokens set revoked_at = now()
   where user_id = person and (organization is null or organization_id = organization) and revoked_at is null;
  update live.oauth_tokens set revoked_at = now()
   where user_id = person and (organization is null or organization_id = organization) and revoked_at is null;
$$;
