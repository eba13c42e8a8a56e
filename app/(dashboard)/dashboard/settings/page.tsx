import type { Metadata } from "next";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { countActiveLogins } from "@/lib/api-keys/logins";
import { listApiKeys } from "@/lib/api-keys/service";
import { recentGoogleSignIn } from "@/lib/auth/reauth";
import { requireUser } from "@/lib/auth/session";
import { listActiveSessions } from "@/lib/auth/sessions";
import { twoFactorStatus } from "@/lib/auth/two-factor";
import { isSupportAdmin } from "@/lib/support/admin";

import { ActiveSessions } from "./_components/active-sessions";
import { ApiAccess } from "./_components/api-access";
import { DeleteAccountForm } from "./_components/delete-account-form";
import { PasswordForm } from "./_components/password-form";
import { ProfileForm } from "./_components/profile-form";
import { SettingsSection } from "./_components/settings-section";
import { SignOutEverywhere } from "./_components/sign-out-everywhere";
import { TwoFactorSettings } from "./_components/two-factor-settings";

export const metadata: Metadata = { title: "Account Settings" };

export default async function SettingsPage() {
  const user = await requireUser("/dashboard/settings");
  const [twoFactor, sessions, apiKeys, apiLogins] = await Promise.all([
    twoFactorStatus(user.id),
    listActiveSessions(user.id),
    listApiKeys(user.id),
    countActiveLogins(user.id),
  ]);
  // Google-only accounts confirm risky changes with a Google sign-in from the last 10 minutes.
  const needsGoogleReauth = !user.hasPassword && !recentGoogleSignIn(user);

  return (
    <DashboardPage title="Account Settings" description={`Signed in as ${user.email}`} narrow>
      <SettingsSection id="profile" title="Profile" description="How you appear across Cipher.">
        <ProfileForm defaultValues={{ username: user.username ?? "", fullName: user.fullName ?? "" }} />
      </SettingsSection>
      <SettingsSection
        id="password"
        title="Password"
        description="Changing your password signs you out on every other device."
      >
        <PasswordForm hasPassword={user.hasPassword} needsGoogleReauth={needsGoogleReauth} />
      </SettingsSection>
      <SettingsSection
        id="security"
        title="Security"
        description="Two-factor authentication, the places you are signed in, and API access."
      >
        {isSupportAdmin(user) && !twoFactor.enabled && (
          <p
            role="status"
            className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
          >
            Support tools need two-factor authentication. Set it up below to answer tickets.
          </p>
        )}
        <div className="grid gap-4">
          <h3 className="text-base font-semibold">Two-factor authentication</h3>
          <TwoFactorSettings
            status={{
              enabled: twoFactor.enabled,
              enabledAt: twoFactor.enabledAt?.toISOString() ?? null,
              recoveryCodesLeft: twoFactor.recoveryCodesLeft,
            }}
            email={user.email}
            hasPassword={user.hasPassword}
            needsGoogleReauth={needsGoogleReauth}
          />
        </div>
        <div className="grid gap-4 border-t pt-6">
          <h3 className="text-base font-semibold">Sessions</h3>
          <ActiveSessions sessions={sessions} currentId={user.session.id} />
          <SignOutEverywhere />
        </div>
        <div className="grid gap-4 border-t pt-6">
          <h3 className="text-base font-semibold">API access</h3>
          <ApiAccess activeKeys={apiKeys.filter((key) => key.state === "active").length} activeLogins={apiLogins} />
        </div>
      </SettingsSection>
      <SettingsSection
        id="delete-account"
        title="Delete account"
        description="Permanently remove your account and everything in it."
        danger
      >
        <DeleteAccountForm email={user.email} hasPassword={user.hasPassword} needsGoogleReauth={needsGoogleReauth} />
      </SettingsSection>
    </DashboardPage>
  );
}
