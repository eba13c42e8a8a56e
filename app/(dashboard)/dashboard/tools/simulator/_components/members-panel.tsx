"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, UserMinus, UserPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { addWorldMemberAction, removeWorldMemberAction } from "@/lib/simulator/actions";
import { worldMemberFormSchema, type WorldMemberFormInput } from "@/lib/simulator/schemas";
import type { MemberEntry } from "@/lib/simulator/world-view";

const untilFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** Members with their roles and state; Add member; Remove (leave) for the people in it. */
export function MembersPanel({
  guildId,
  members,
  onChange,
}: {
  guildId: string;
  members: MemberEntry[];
  onChange: () => Promise<void>;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  const people = members.filter((member) => !member.bot).length;

  const remove = async (member: MemberEntry) => {
    setRemoving(member.id);
    try {
      const result = await removeWorldMemberAction({ guildId, memberId: member.id });
      if (!result.ok) toast.error(`Could not remove ${member.name}`, { description: result.error });
      else {
        toast.success(`${member.name} left the server`);
        await onChange();
      }
    } catch {
      toast.error(`Could not remove ${member.name}`, { description: unexpectedErrorMessage });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby="members-heading" className="grid gap-3 rounded-xl border border-border bg-card/60 p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="members-heading" className="font-semibold">
          Members ({members.length})
        </h2>
        <span className="text-xs text-muted-foreground">
          {people === 1 ? "1 person" : `${people} people`},{" "}
          {members.length - people === 1 ? "1 bot" : `${members.length - people} bots`}
        </span>
      </div>
      <AddMemberForm guildId={guildId} onAdded={onChange} />
      <ul aria-label="Members" className="grid max-h-[28rem] gap-1 overflow-y-auto">
        {members.map((member) => (
          <li key={member.id} className="flex items-start gap-2 rounded-md px-2 py-1.5 hover:bg-accent/40">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="flex flex-wrap items-center gap-1.5 text-sm">
                <span className="truncate font-medium" style={member.colour ? { color: member.colour } : undefined}>
                  {member.name}
                </span>
                {member.bot && (
                  <span className="rounded bg-indigo-600 px-1 text-[10px] font-semibold text-white uppercase">Bot</span>
                )}
                {member.owner && (
                  <span className="rounded border border-amber-500/60 px-1 text-[10px] font-semibold text-amber-700 uppercase dark:text-amber-300">
                    Owner
                  </span>
                )}
              </p>
              <p className="truncate text-xs text-muted-foreground">
                @{member.username}
                {member.roles.length > 0 && <> · {member.roles.map((role) => role.name).join(", ")}</>}
              </p>
              {member.timedOutUntil && (
                <p className="text-xs text-amber-800 dark:text-amber-200">
                  Timed out until{" "}
                  <time suppressHydrationWarning dateTime={member.timedOutUntil.toISOString()}>
                    {untilFormat.format(member.timedOutUntil)}
                  </time>
                </p>
              )}
            </div>
            {!member.bot && !member.owner && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="shrink-0 text-muted-foreground"
                disabled={removing !== null}
                onClick={() => void remove(member)}
              >
                {removing === member.id ? <Loader2 className="animate-spin" /> : <UserMinus />}
                Remove<span className="sr-only"> {member.name}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddMemberForm({ guildId, onAdded }: { guildId: string; onAdded: () => Promise<void> }) {
  const form = useForm<WorldMemberFormInput>({
    resolver: zodResolver(worldMemberFormSchema),
    defaultValues: { username: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async ({ username }: WorldMemberFormInput) => {
    try {
      const result = await addWorldMemberAction({ guildId, username });
      if (!result.ok) {
        const message = result.fieldErrors?.username?.[0];
        if (message) form.setError("username", { message });
        toast.error("Could not add the member", { description: message ?? result.error });
        return;
      }
      form.reset({ username: "" });
      toast.success(`${result.data.username} joined the server`);
      await onAdded();
    } catch {
      toast.error("Could not add the member", { description: unexpectedErrorMessage });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex items-start gap-2">
      <FormField
        id="simulator-member-name"
        label="New member's name"
        error={errors.username?.message}
        className="flex-1"
      >
        {(control) => (
          <Input {...control} maxLength={32} autoComplete="off" placeholder="newcomer" {...form.register("username")} />
        )}
      </FormField>
      <Button type="submit" variant="outline" className="mt-[1.375rem]" disabled={isSubmitting}>
        {isSubmitting ? <Loader2 className="animate-spin" /> : <UserPlus />}
        Add member
      </Button>
    </form>
  );
}
