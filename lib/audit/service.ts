/**
 * The Activity Log: an append-only trail of what each user did. `recordAudit` never throws (a
 * failed audit write is logged, the user's action still succeeds).
 */
import { db } from "@/lib/db";
import { getClientIp } from "@/lib/request/client-ip";

export const auditActions = {
  "auth.sign_in": "Signed in",
  "auth.password_changed": "Changed the password",
  "auth.two_factor_enabled": "Turned on two-factor authentication",
  "auth.two_factor_disabled": "Turned off two-factor authentication",
  "auth.recovery_code_used": "Signed in with a recovery code",
  "auth.signed_out_everywhere": "Signed out everywhere",
  "auth.session_ended": "Signed out another device",
  "bot.created": "Created a bot",
  "bot.imported": "Imported a bot",
  "bot.saved": "Saved bot code",
  "bot.restored_version": "Restored a version",
  "bot.settings_changed": "Changed bot settings",
  "bot.env_changed": "Changed an environment variable",
  "bot.token_changed": "Changed a bot token",
  "bot.token_removed": "Removed a bot token",
  "bot.started": "Started a bot",
  "bot.stopped": "Stopped a bot",
  "bot.restarted": "Restarted a bot",
  "bot.deleted": "Deleted a bot",
  "bot.restored": "Restored a bot from the archive",
  "bot.purged": "Deleted a bot for good",
  "ticket.opened": "Opened a support ticket",
  "ticket.replied": "Replied to a support ticket",
  "ticket.closed": "Closed a support ticket",
  "api_key.created": "Created an API key",
  "api_key.revoked": "Revoked an API key",
  "api_key.revoked_used": "A revoked or expired API key was used",
  "api.signed_in": "Signed in to the API",
  "api.signed_out": "Signed out of the API",
  "api.refresh_reused": "An API refresh token was used twice: that sign-in was revoked",
} as const;
export type AuditAction = keyof typeof auditActions;

export async function recordAudit(
  userId: string,
  action: AuditAction,
  target?: { type: string; id?: string; label?: string },
  options: { ip?: string | null } = {},
): Promise<void> {
  try {
    const ip = options.ip !== undefined ? options.ip : await getClientIp().catch(() => null);
    await db.auditEvent.create({
      data: {
        userId,
        action,
        targetType: target?.type ?? null,
        targetId: target?.id ?? null,
        targetLabel: target?.label?.slice(0, 200) ?? null,
        ip: ip ?? null,
      },
    });
  } catch (error) {
    console.error(`[audit] could not record ${action}`, error);
  }
}

export async function listAuditEvents(
  userId: string,
  { page = 1, pageSize = 25 }: { page?: number; pageSize?: number } = {},
) {
  const size = Math.min(Math.max(pageSize, 1), 100);
  const current = Math.max(Math.floor(page), 1);
  const [events, total] = await Promise.all([
    db.auditEvent.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (current - 1) * size,
      take: size,
      select: {
        id: true,
        action: true,
        targetType: true,
        targetId: true,
        targetLabel: true,
        ip: true,
        createdAt: true,
      },
    }),
    db.auditEvent.count({ where: { userId } }),
  ]);
  return { events, total, page: current, pageSize: size, pages: Math.max(Math.ceil(total / size), 1) };
}
