import type { Metadata } from "next";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { requireUser } from "@/lib/auth/session";

import { DeleteAccountForm } from "./_components/delete-account-form";
import { PasswordForm } from "./_components/password-form";
import { ProfileForm } from "./_components/profile-form";
import { SettingsSection } from "./_components/settings-section";

export const metadata: Metadata = { title: "Account Settings" };

export default async function SettingsPage() {
  const user = await requireUser("/dashboard/settings");

  return (
    <DashboardPage title="Account Settings" description={`Signed in as ${user.email}`} className="max-w-3xl">
      <SettingsSection id="profile" title="Profile" description="How you appear across Cipher.">
        <ProfileForm defaultValues={{ username: user.username ?? "", fullName: user.fullName ?? "" }} />
      </SettingsSection>
      <SettingsSection
        id="password"
        title="Password"
        description="Changing your password signs you out on every other device."
      >
        <PasswordForm hasPassword={user.hasPassword} />
      </SettingsSection>
      <SettingsSection
        id="delete-account"
        title="Delete account"
        description="Permanently remove your account and everything in it."
        danger
      >
        <DeleteAccountForm email={user.email} />
      </SettingsSection>
    </DashboardPage>
  );
}
