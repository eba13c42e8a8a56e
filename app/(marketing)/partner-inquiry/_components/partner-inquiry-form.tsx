"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { submitPartnerInquiryAction } from "@/lib/partners/actions";
import {
  companySizeOptions,
  emptyPartnerInquiry,
  missingPartnerInquiryFields,
  partnerInquiryLimits,
  partnerInquirySchema,
  partnershipTypeOptions,
  timelineOptions,
  type PartnerInquiry,
  type PartnerInquiryInput,
} from "@/lib/partners/schemas";

const toasts = {
  missing: { title: "Missing Information", description: "Please fill in all required fields marked with *" },
  failed: {
    title: "Submission Failed",
    description: "There was an error submitting your inquiry. Please try again or contact us directly.",
  },
  submitted: {
    title: "Inquiry Submitted!",
    description: "Thank you for your partnership inquiry. We'll get back to you within 2-3 business days.",
  },
};

const fieldNames = Object.keys(emptyPartnerInquiry) as (keyof PartnerInquiryInput)[];

// Grey text while the placeholder option ("") is the one chosen.
const selectPlaceholderStyle = "has-[option[value='']:checked]:text-muted-foreground";

export function PartnerInquiryForm() {
  const form = useForm<PartnerInquiryInput, unknown, PartnerInquiry>({
    resolver: zodResolver(partnerInquirySchema),
    defaultValues: emptyPartnerInquiry,
  });
  const { errors, isSubmitting } = form.formState;

  /** Sends the inquiry: success clears the form, failure keeps it so nothing typed is lost. */
  async function submitInquiry(values: PartnerInquiry) {
    try {
      const result = await submitPartnerInquiryAction(values);
      if (!result.ok && result.code === "rate_limited") {
        toast.error(toasts.failed.title, { description: result.error });
        return;
      }
      if (!result.ok) {
        for (const field of fieldNames) {
          const message = result.fieldErrors?.[field]?.[0];
          if (message) form.setError(field, { message });
        }
        throw new Error(result.error);
      }
      form.reset(emptyPartnerInquiry);
      toast.success(toasts.submitted.title, { description: toasts.submitted.description });
    } catch (error) {
      console.error("Partner inquiry failed", error);
      toast.error(toasts.failed.title, { description: toasts.failed.description });
    }
  }

  function reportInvalid() {
    if (missingPartnerInquiryFields(form.getValues()).length > 0) {
      toast.error(toasts.missing.title, { description: toasts.missing.description });
    }
  }

  return (
    <form
      onSubmit={form.handleSubmit(submitInquiry, reportInvalid)}
      noValidate
      aria-label="Partner inquiry"
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="partner-company-name" label="Company name" required error={errors.companyName?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="organization"
              maxLength={partnerInquiryLimits.name}
              {...form.register("companyName")}
            />
          )}
        </FormField>
        <FormField
          id="partner-partnership-type"
          label="Partnership type"
          required
          error={errors.partnershipType?.message}
        >
          {(control) => (
            <NativeSelect {...control} className={selectPlaceholderStyle} {...form.register("partnershipType")}>
              <NativeSelectOption value="">Select a partnership type</NativeSelectOption>
              {partnershipTypeOptions.map((option) => (
                <NativeSelectOption key={option.value} value={option.value}>
                  {option.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="partner-your-name" label="Your name" required error={errors.yourName?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              maxLength={partnerInquiryLimits.name}
              {...form.register("yourName")}
            />
          )}
        </FormField>
        <FormField id="partner-your-title" label="Your title" error={errors.yourTitle?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="organization-title"
              placeholder="e.g. Head of Partnerships"
              maxLength={partnerInquiryLimits.name}
              {...form.register("yourTitle")}
            />
          )}
        </FormField>
        <FormField id="partner-email" label="Email" required error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              placeholder="you@company.com"
              maxLength={partnerInquiryLimits.email}
              {...form.register("email")}
            />
          )}
        </FormField>
        <FormField id="partner-company-size" label="Company size" error={errors.companySize?.message}>
          {(control) => (
            <NativeSelect {...control} className={selectPlaceholderStyle} {...form.register("companySize")}>
              <NativeSelectOption value="">Select company size</NativeSelectOption>
              {companySizeOptions.map((option) => (
                <NativeSelectOption key={option.value} value={option.value}>
                  {option.label}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField id="partner-website" label="Company website" error={errors.website?.message}>
        {(control) => (
          <Input
            {...control}
            type="url"
            autoComplete="url"
            inputMode="url"
            placeholder="https://company.com"
            maxLength={partnerInquiryLimits.website}
            {...form.register("website")}
          />
        )}
      </FormField>
      <FormField
        id="partner-proposal"
        label="Partnership proposal"
        required
        hint="What would you like to build together, and what does each side bring?"
        error={errors.proposal?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            className="min-h-36"
            maxLength={partnerInquiryLimits.proposal}
            {...form.register("proposal")}
          />
        )}
      </FormField>
      <FormField id="partner-timeline" label="Timeline" error={errors.timeline?.message}>
        {(control) => (
          <NativeSelect {...control} className={selectPlaceholderStyle} {...form.register("timeline")}>
            <NativeSelectOption value="">Select a timeline</NativeSelectOption>
            {timelineOptions.map((option) => (
              <NativeSelectOption key={option.value} value={option.value}>
                {option.label}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          Fields marked with <span className="text-destructive">*</span> are required.
        </p>
        <FormSubmitButton pending={isSubmitting} pendingLabel="Sending..." className="sm:w-48">
          Submit Inquiry <Send />
        </FormSubmitButton>
      </div>
    </form>
  );
}
