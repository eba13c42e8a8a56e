import { describe, expect, it } from "vitest";

import {
  billingPeriods,
  defaultBillingPeriod,
  formatPrice,
  freeTrial,
  freeTrialSummary,
  monthlyPriceNote,
  plans,
  priceFor,
  savingsBadge,
  yearlySavingsCents,
  yearlyTotalCents,
  type PricingPlan,
} from "./pricing";

function plan(id: PricingPlan["id"]): PricingPlan {
  const found = plans.find((p) => p.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

describe("pricing plans", () => {
  it("lists Starter, Core, Teams and Enterprise in order, Core marked Most Popular", () => {
    expect(plans.map((p) => p.name)).toEqual(["Starter", "Core", "Teams", "Enterprise"]);
    expect(plans.filter((p) => p.popular).map((p) => p.id)).toEqual(["core"]);
  });

  it("charges the spec's monthly and yearly prices per month", () => {
    const table = Object.fromEntries(
      plans.map((p) => [p.id, [priceFor(p, "monthly"), priceFor(p, "yearly")]] as const),
    );
    expect(table).toEqual({
      starter: [500, 400],
      core: [2500, 2000],
      teams: [4000, 3200],
      enterprise: [null, null],
    });
    expect(plan("teams").unit).toBe("per user");
  });

  it("starts on monthly billing", () => {
    expect(defaultBillingPeriod).toBe("monthly");
  });

  it("keeps the yearly toggle's 'Save 20%' hint true for every priced plan", () => {
    expect(billingPeriods.find((p) => p.value === "yearly")?.hint).toBe("Save 20%");
    for (const p of plans) {
      if (p.price) expect(p.price.yearly / p.price.monthly).toBe(0.8);
    }
  });

  it("bills a year of yearly Core as $240 and leaves custom prices without a total", () => {
    expect(yearlyTotalCents(plan("core"))).toBe(24000);
    expect(yearlyTotalCents(plan("enterprise"))).toBeNull();
  });

  it("sends priced plans to /signup and Enterprise to /contact with Contact Sales", () => {
    expect(plans.filter((p) => p.price).every((p) => p.href === "/signup")).toBe(true);
    expect(plan("enterprise")).toMatchObject({ href: "/contact", buttonText: "Contact Sales" });
    expect(plan("enterprise").terms).toMatch(/annual commitment.*minimum 20 users/i);
  });

  it("promises a 30-day free trial with $5 in credits", () => {
    expect(freeTrial).toEqual({ days: 30, creditsCents: 500 });
    expect(freeTrialSummary).toBe("30-day free trial with $5 in credits");
  });
});

describe("Save badge", () => {
  it("shows 'Save $60' on Core only on yearly billing", () => {
    expect(savingsBadge(plan("core"), "yearly")).toBe("Save $60");
    expect(savingsBadge(plan("core"), "monthly")).toBeNull();
  });

  it("states each plan's real yearly saving and none for a custom price", () => {
    expect(yearlySavingsCents(plan("core"))).toBe(6000);
    expect(savingsBadge(plan("starter"), "yearly")).toBe("Save $12");
    expect(savingsBadge(plan("teams"), "yearly")).toBe("Save $96");
    expect(savingsBadge(plan("enterprise"), "yearly")).toBeNull();
  });

  it("shows no badge when yearly billing saves nothing", () => {
    const flat: PricingPlan = { ...plan("core"), price: { monthly: 1000, yearly: 1000 } };
    expect(savingsBadge(flat, "yearly")).toBeNull();
  });
});

describe("monthly price note", () => {
  it("recalls the monthly price with 'billed monthly' on yearly billing only", () => {
    expect(monthlyPriceNote(plan("core"), "yearly")).toBe("$25/mo billed monthly");
    expect(monthlyPriceNote(plan("starter"), "yearly")).toBe("$5/mo billed monthly");
    expect(monthlyPriceNote(plan("core"), "monthly")).toBeNull();
    expect(monthlyPriceNote(plan("enterprise"), "yearly")).toBeNull();
  });
});

describe("formatPrice", () => {
  it("formats whole dollars without cents and keeps cents when present", () => {
    expect(formatPrice(2500)).toBe("$25");
    expect(formatPrice(0)).toBe("$0");
    expect(formatPrice(450)).toBe("$4.50");
    expect(formatPrice(123456)).toBe("$1,234.56");
  });

  it("rejects fractional or negative cents", () => {
    expect(() => formatPrice(12.5)).toThrow(RangeError);
    expect(() => formatPrice(-100)).toThrow(RangeError);
  });
});
