"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Copy, ShieldCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  confirmTwoFactorSetupAction,
  disableTwoFactorAction,
  startTwoFactorSetupAction,
} from "@/lib/account/security-actions";
import { accountLimits } from "@/lib/auth/schemas";
import type { Enrolment } from "@/lib/auth/two-factor";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  type ConfirmTwoFactorInput,
  type DisableTwoFactorInput,
} from "@/lib/auth/two-factor-schemas";

import { showFailure, unexpectedErrorMessage } from "./action-results";
import { GoogleReauthNotice } from "./google-reauth-notice";
import { RecoveryCodes } from "./recovery-codes";

export type TwoFactorView = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };

/**
 * Security › Two-factor authentication: set up (scan the QR code or type the key, confirm with a
 * code, save the 10 recovery codes shown once), or turn off (password and a current code).
 */
export function TwoFactorSettings({
  status,
  email,
  hasPassword,
  needsGoogleReauth,
}: {
  status: TwoFactorView;
  email: string;
  hasPassword: boolean;
  needsGoogleReauth: boolean;
}) {
  const router = useRouter();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      const result = await startTwoFactorSetupAction();
      if (result.ok) setEnrolment(result.data);
      else toast.error("Could not start the setup", { description: result.error });
    } catch (error) {
      console.error("Starting two-factor setup failed", error);
      toast.error("Could not start the setup", { description: unexpectedErrorMessage });
    }
    setStarting(false);
  }

  if (codes) {
    return (
      <div className="grid gap-5">
        <p className="flex gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-3 text-sm">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-500" />
          Two-factor authentication is on. From now on, signing in asks for a code from your app.
        </p>
        <div className="grid gap-1">
          <h3 className="font-medium">Save your recovery codes</h3>
          <p className="text-sm text-muted-foreground">
            If you lose your phone, each of these codes signs you in once. They are shown only now: copy or download
            them and keep them somewhere safe.
          </p>
        </div>
        <RecoveryCodes codes={codes} email={email} />
        <Button
          type="button"
          className="justify-self-start"
          onClick={() => {
            setCodes(null);
            setEnrolment(null);
            router.refresh();
          }}
        >
          I&apos;ve saved my codes
        </Button>
      </div>
    );
  }

  if (status.enabled) {
    return <EnabledTwoFactor status={status} hasPassword={hasPassword} needsGoogleReauth={needsGoogleReauth} />;
  }

  if (enrolment) {
    return (
      <ConfirmEnrolment
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onConfirmed={(recoveryCodes) => setCodes(recoveryCodes)}
      />
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="outline">Off</Badge>
        <p className="text-sm text-muted-foreground">
          Add a second step to signing in: a code from an authenticator app on your phone.
        </p>
      </div>
      <Button type="button" className="justify-self-start" disabled={starting} onClick={start}>
        <ShieldCheck />
        {starting ? "Preparing..." : "Set Up Two-Factor"}
      </Button>
    </div>
  );
}

function ConfirmEnrolment({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: Enrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const form = useForm<ConfirmTwoFactorInput>({
    resolver: zodResolver(confirmTwoFactorSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function confirm(values: ConfirmTwoFactorInput) {
    try {
      const result = await confirmTwoFactorSetupAction(values);
      if (!result.ok) return showFailure(form.setError, ["code"], result, "Two-factor not turned on");
      onConfirmed(result.data.recoveryCodes);
      toast.success("Two-factor authentication is on");
    } catch (error) {
      console.error("Confirming two-factor setup failed", error);
      toast.error("Two-factor not turned on", { description: unexpectedErrorMessage });
    }
  }

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(enrolment.secret.replace(/\s/g, ""));
      toast.success("Key copied");
    } catch {
      toast.error("Could not copy", { description: "Select the key and copy it." });
    }
  }

  return (
    <div className="grid gap-6">
      <ol className="grid gap-6 sm:grid-cols-[auto_1fr] sm:gap-8">
        <li className="grid content-start justify-items-center gap-2 sm:justify-items-start">
          <span className="text-sm font-medium">1. Scan this QR code with your authenticator app</span>
          {/* A data: URL drawn on the server; next/image adds nothing for it. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={enrolment.qrCode}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="size-44 rounded-lg border bg-white p-1"
          />
        </li>
        <li className="grid min-w-0 content-start gap-2">
          <span className="text-sm font-medium">Or enter this key by hand</span>
          <div className="flex min-w-0 items-center gap-2">
            <code
              aria-label="Setup key"
              className="min-w-0 rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all select-all"
            >
              {enrolment.secret}
            </code>
            <Button type="button" variant="outline" size="icon" aria-label="Copy key" onClick={copyKey}>
              <Copy />
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            Time-based (TOTP), 6 digits, every 30 seconds. Google Authenticator, 1Password, Authy and most others work.
          </p>
        </li>
      </ol>
      <form
        onSubmit={form.handleSubmit(confirm)}
        noValidate
        aria-label="Confirm two-factor setup"
        className="grid gap-4"
      >
        <FormField
          id="two-factor-setup-code"
          label="2. Enter the 6-digit code the app shows"
          required
          error={errors.code?.message}
          className="sm:max-w-xs"
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="one-time-code"
              inputMode="numeric"
              placeholder="123456"
              maxLength={7}
              className="font-mono tracking-widest"
              {...form.register("code")}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <FormSubmitButton pending={isSubmitting} pendingLabel="Checking...">
            Turn On
          </FormSubmitButton>
          <Button type="button" variant="ghost" size="lg" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function EnabledTwoFactor({
  status,
  hasPassword,
  needsGoogleReauth,
}: {
  status: TwoFactorView;
  hasPassword: boolean;
  needsGoogleReauth: boolean;
}) {
  const router = useRouter();
  const form = useForm<DisableTwoFactorInput>({
    resolver: zodResolver(disableTwoFactorSchema),
    defaultValues: { password: "", code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const since = status.enabledAt
    ? new Date(status.enabledAt).toLocaleDateString("en-US", { dateStyle: "medium" })
    : null;

  async function disable(values: DisableTwoFactorInput) {
    try {
      const result = await disableTwoFactorAction(hasPassword ? values : { code: values.code });
      if (!result.ok) return showFailure(form.setError, ["password", "code"], result, "Two-factor still on");
      toast.success("Two-factor authentication is off");
      router.refresh();
    } catch (error) {
      console.error("Turning two-factor off failed", error);
      toast.error("Two-factor still on", { description: unexpectedErrorMessage });
    }
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge className="bg-emerald-600 text-white">On</Badge>
        {since && <span className="text-muted-foreground">Since {since}.</span>}
        <span className="text-muted-foreground">{status.recoveryCodesLeft} of 10 recovery codes left.</span>
      </div>
      <div className="grid gap-1">
        <h3 className="font-medium">Turn off two-factor authentication</h3>
        <p className="text-sm text-muted-foreground">
          Confirm with your password and a current code from your app (or a recovery code).
        </p>
      </div>
      {!hasPassword && needsGoogleReauth && <GoogleReauthNotice action="turn off two-factor authentication" />}
      <form onSubmit={form.handleSubmit(disable)} noValidate aria-label="Turn off two-factor" className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {hasPassword && (
            <FormField id="two-factor-off-password" label="Password" required error={errors.password?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  autoComplete="current-password"
                  maxLength={accountLimits.password.max}
                  {...form.register("password")}
                />
              )}
            </FormField>
          )}
          <FormField id="two-factor-off-code" label="Code" required error={errors.code?.message}>
            {(control) => (
              <Input
                {...control}
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="123456"
                maxLength={32}
                className="font-mono tracking-widest"
                {...form.register("code")}
              />
            )}
          </FormField>
        </div>
        <Button
          type="submit"
          variant="outline"
          size="lg"
          disabled={isSubmitting}
          className="justify-self-start border-destructive/50 text-destructive hover:bg-destructive/10"
        >
          {isSubmitting ? "Turning off..." : "Turn Off Two-Factor"}
        </Button>
      </form>
    </div>
  );
}
