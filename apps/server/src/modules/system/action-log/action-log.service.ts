import type { Executor } from '@/db/client';
import type { ActionLogRepository } from './action-log.repository';

export type LoggedAction =
  | 'login'
  | 'logout'
  | 'impersonation_start'
  | 'impersonation_stop'
  | 'token_create'
  | 'token_revoke'
  | 'email_change'
  | 'password_change'
  | 'password_reset'
  // Users and invitations (issue 4)
  | 'user_delete'
  | 'user_role_change'
  | 'user_move'
  | 'user_mfa_remove'
  | 'user_sso_admin'
  | 'suppression_remove'
  | 'user_invite'
  | 'invitation_resend'
  | 'invitation_delete'
  | 'invitation_accept'
  | 'impersonation_access_request'
  | 'impersonation_access_confirm'
  // Companies, tags, roles, MFA and SMTP settings (issue 4)
  | 'company_create'
  | 'company_update'
  | 'company_flags'
  | 'company_move'
  | 'company_delete'
  | 'tag_create'
  | 'tag_update'
  | 'tag_delete'
  | 'role_create'
  | 'role_update'
  | 'role_delete'
  | 'mfa_enable'
  | 'mfa_disable'
  | 'smtp_configuration_create'
  | 'smtp_configuration_update'
  | 'smtp_configuration_delete'
  // Remote access (issue 15)
  | 'remote_access_create'
  | 'remote_access_update'
  | 'remote_access_delete'
  | 'remote_session_open'
  | 'remote_session_close'
  | 'device_credential_save'
  | 'device_credential_delete'
  // Device passwords (issue 17)
  | 'device_passwords_set'
  | 'device_passwords_download'
  | 'config_template_create'
  | 'config_template_update'
  | 'config_template_delete'
  | 'device_configuration_apply'
  | 'data_collect_config_create'
  | 'data_collect_config_update'
  | 'data_collect_config_delete'
  | 'data_collect_assign'
  | 'data_collect_unassign'
  // Report templates
  | 'report_template_create'
  | 'report_template_update'
  | 'report_template_delete'
  // Device services
  | 'device_credits_move'
  | 'device_data_pack_set'
  // Approved devices
  | 'device_identity_approve'
  | 'device_identity_dismiss'
  // Device dashboards
  | 'device_dashboard_create'
  | 'device_dashboard_update'
  | 'device_dashboard_delete'
  // VPN hubs (issue 19)
  | 'vpn_hub_create'
  | 'vpn_hub_update'
  | 'vpn_hub_toggle'
  | 'vpn_hub_settings'
  | 'vpn_hub_delete'
  | 'vpn_client_add'
  | 'vpn_client_update'
  | 'vpn_client_remove'
  | 'vpn_route_add'
  | 'vpn_route_remove'
  | 'vpn_dhcp_add'
  | 'vpn_dhcp_remove'
  | 'vpn_profile_download'
  | 'vpn_hub_zone_create'
  | 'vpn_hub_zone_update'
  | 'vpn_hub_zone_delete';

export interface ActionActor {
  /** The acting user (the impersonated one while impersonating). */
  userId: number;
  impersonatorId?: number | null;
  companyId: number | null;
  ip: string;
}

/** The actor of an authenticated request. */
export const actorOf = (
  auth: {
    user: { id: number };
    realUser: { id: number };
    company: { id: number };
    impersonating: boolean;
  },
  ip: string,
): ActionActor => ({
  userId: auth.user.id,
  impersonatorId: auth.impersonating ? auth.realUser.id : null,
  companyId: auth.company.id,
  ip,
});

/** The audit trail: who did what, on whose behalf, from where. */
export const createActionLogService = ({
  actionLogRepository,
}: {
  actionLogRepository: ActionLogRepository;
}) => ({
  record(
    actor: ActionActor,
    action: LoggedAction,
    target: { entity?: string; entityId?: string | number; details?: Record<string, unknown> } = {},
    tx?: Executor,
  ) {
    return actionLogRepository.insert(
      {
        userId: actor.userId,
        impersonatorId: actor.impersonatorId ?? null,
        companyId: actor.companyId,
        action,
        entity: target.entity ?? null,
        entityId: target.entityId === undefined ? null : String(target.entityId),
        details: target.details ?? null,
        ip: actor.ip,
      },
      tx,
    );
  },
});

export type ActionLogService = ReturnType<typeof createActionLogService>;
