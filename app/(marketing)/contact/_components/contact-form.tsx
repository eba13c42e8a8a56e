"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { sendContactMessageAction } from "@/lib/contact/actions";
import {
  contactLimits,
  contactSchema,
  contactSubjects,
  emptyContactForm,
  type ContactInput,
  type ContactMessage,
} from "@/lib/contact/schemas";
import { contactMessageToasts } from "@/lib/site/contact";

const fieldNames = Object.keys(emptyContactForm) as (keyof ContactInput)[];

export function ContactForm() {
  const form = useForm<ContactInput, unknown, ContactMessage>({
    resolver: zodResolver(contactSchema),
    defaultValues: emptyContactForm,
  });
  const { errors, isSubmitting } = form.formState;

  /** Sends the message; the one place that talks to the server. */
  async function sendMessage(values: ContactMessage) {
    try {
      const result = await sendContactMessageAction(values);
      if (result.ok) {
        form.reset(emptyContactForm);
        toast.success(contactMessageToasts.sent.title, { description: contactMessageToasts.sent.description });
        return;
      }
      for (const field of fieldNames) {
        const message = result.fieldErrors?.[field]?.[0];
        if (message) form.setError(field, { message });
      }
      toast.error(contactMessageToasts.failedTitle, { description: result.error });
    } catch (error) {
      console.error("Contact message failed", error);
      toast.error(contactMessageToasts.failedTitle, { description: unexpectedErrorMessage });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(sendMessage)} noValidate className="grid gap-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-first-name" label="First name" required error={errors.firstName?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="given-name"
              maxLength={contactLimits.name}
              {...form.register("firstName")}
            />
          )}
        </FormField>
        <FormField id="contact-last-name" label="Last name" required error={errors.lastName?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="family-name"
              maxLength={contactLimits.name}
              {...form.register("lastName")}
            />
          )}
        </FormField>
      </div>
      <FormField id="contact-email" label="Email" required error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            maxLength={contactLimits.email}
            {...form.register("email")}
          />
        )}
      </FormField>
      <FormField id="contact-subject" label="Subject" error={errors.subject?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register("subject")}>
            {contactSubjects.map((subject) => (
              <NativeSelectOption key={subject} value={subject}>
                {subject}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id="contact-message" label="Message" required error={errors.message?.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            className="min-h-36"
            placeholder="Tell us how we can help. For a bot problem, include its name and what you expected to happen."
            maxLength={contactLimits.message}
            {...form.register("message")}
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          Fields marked with <span className="text-destructive">*</span> are required.
        </p>
        <FormSubmitButton pending={isSubmitting} pendingLabel="Sending..." className="sm:w-44">
          Send Inquiry <Send />
        </FormSubmitButton>
      </div>
    </form>
  );
}
