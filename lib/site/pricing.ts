/** Plans of the pricing page (spec section 9). Money in integer cents, USD, per month. */

export type BillingPeriod = "monthly" | "yearly";

export const billingPeriods: { value: BillingPeriod; label: string; hint?: string }[] = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly", hint: "Save 20%" },
];

export const defaultBillingPeriod: BillingPeriod = "monthly";

export interface PricingPlan {
  id: "starter" | "core" | "teams" | "enterprise";
  name: string;
  description: string;
  /** Price per month on each billing period; null for a custom (quoted) price. */
  price: { monthly: number; yearly: number } | null;
  /** Shown after the price, e.g. "per user". */
  unit?: string;
  /** Replaces the price when it is custom. */
  customPriceLabel?: string;
  /** A line under the price that does not depend on the billing period. */
  terms?: string;
  buttonText: string;
  href: string;
  popular: boolean;
  features: string[];
}

export const freeTrial = {
  days: 30,
  creditsCents: 500,
};

export const plans: PricingPlan[] = [
  {
    id: "starter",
    name: "Starter",
    description: "Build and test bots with the Cipher agent. Add hosting when you are ready to go live.",
    price: { monthly: 500, yearly: 400 },
    buttonText: "Start Free Trial",
    href: "/signup",
    popular: false,
    features: [
      "The Cipher AI agent",
      "10 development bots",
      "Premium templates",
      "Community support",
      "Hosting available as an add-on",
    ],
  },
  {
    id: "core",
    name: "Core",
    description: "Everything a serious bot needs: credits for the agent, unlimited bots and hosting included.",
    price: { monthly: 2500, yearly: 2000 },
    buttonText: "Start Free Trial",
    href: "/signup",
    popular: true,
    features: [
      "$25 in monthly credits",
      "Unlimited bots",
      "Hosted deployment with live logs",
      "Choice of two frontier AI models",
      "Everything in Starter",
    ],
  },
  {
    id: "teams",
    name: "Teams",
    description: "For bot studios and community staff who build together and share one bill.",
    price: { monthly: 4000, yearly: 3200 },
    unit: "per user",
    buttonText: "Start Free Trial",
    href: "/signup",
    popular: false,
    features: [
      "$40 in monthly credits per user (granted upfront on an annual plan)",
      "50 viewer seats",
      "Centralized billing",
      "Role-based access control",
      "Everything in Core",
    ],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    description: "Security, provisioning and terms for large communities and companies.",
    price: null,
    customPriceLabel: "Custom",
    terms: "Annual commitment, minimum 20 users",
    buttonText: "Contact Sales",
    href: "/contact",
    popular: false,
    features: [
      "SSO / SAML single sign-on",
      "SCIM user provisioning",
      "Custom contract and invoicing",
      "Everything in Teams",
    ],
  },
];

const wholeDollars = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 2500 → "$25", 450 → "$4.50": cents only when there are some. */
export function formatPrice(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`Invalid price in cents: ${cents}`);
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : withCents.format(cents / 100);
}

/** 480 → "$4.80": an amount spent, always with its cents. */
export function formatCents(cents: number): string {
  return withCents.format(cents / 100);
}

/** "30-day free trial with $5 in credits" */
export const freeTrialSummary = `${freeTrial.days}-day free trial with ${formatPrice(freeTrial.creditsCents)} in credits`;

/** The monthly price, in cents, a plan costs on a billing period; null when the price is custom. */
export function priceFor(plan: PricingPlan, period: BillingPeriod): number | null {
  return plan.price ? plan.price[period] : null;
}

/** What a year costs on yearly billing, in cents (per user where priced so); null when the price is custom. */
export function yearlyTotalCents(plan: PricingPlan): number | null {
  return plan.price ? plan.price.yearly * 12 : null;
}

/** What a year on yearly billing saves against a year on monthly billing, in cents (per user where priced so). */
export function yearlySavingsCents(plan: PricingPlan): number {
  if (!plan.price) return 0;
  return Math.max(0, (plan.price.monthly - plan.price.yearly) * 12);
}

/**
 * The badge a plan shows: only on yearly billing and only when it really saves money.
 * It states the plan's own yearly saving, so Core (25 → 20) reads "Save $60".
 */
export function savingsBadge(plan: PricingPlan, period: BillingPeriod): string | null {
  if (period !== "yearly") return null;
  const savings = yearlySavingsCents(plan);
  return savings > 0 ? `Save ${formatPrice(savings)}` : null;
}

/** The note on yearly billing that recalls the monthly price, e.g. "$25/mo billed monthly". */
export function monthlyPriceNote(plan: PricingPlan, period: BillingPeriod): string | null {
  if (period !== "yearly" || !plan.price) return null;
  return `${formatPrice(plan.price.monthly)}/mo billed monthly`;
}

export const pricingFaq: { question: string; answer: string }[] = [
  {
    question: "How does the free trial work?",
    answer: `Every new account gets a ${freeTrialSummary}, with every Core feature. Build, edit, test and host bots with the agent. Paid plans are not on sale yet: until they are, you keep building on the trial.`,
  },
  {
    question: "What are credits?",
    answer:
      "Credits pay for the AI agent's work: writing, explaining and changing your bot's code. Core includes $25 and Teams $40 per user every month; on an annual Teams plan the credits are granted upfront.",
  },
  {
    question: "Is hosting included?",
    answer:
      "Hosted deployment with live logs, automatic restarts and analytics is included from Core upwards. On Starter, hosting is available as an add-on.",
  },
  {
    question: "Can I switch between monthly and yearly billing?",
    answer:
      "Yes. Yearly billing costs less per month than monthly billing. Once paid plans are on sale, you change plan or billing period on Billing & Plan at any time; we give 30 days' notice of any price change.",
  },
  {
    question: "What happens if I cancel?",
    answer:
      "Your plan stays active until the end of the period you paid for; fees already paid are not refunded. Export your bots' code first: data may be deleted 30 days after cancellation.",
  },
  {
    question: "Who is Enterprise for?",
    answer:
      "Organisations that need SSO/SAML, SCIM provisioning and custom terms. It is an annual commitment with a minimum of 20 users. Contact sales for a quote.",
  },
];
