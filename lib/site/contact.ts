/** Copy and data of /contact (spec section 2). */

export const supportEmail = "support@cipher.dev";

export const clipboardMessages = {
  copied: "Email address copied to clipboard!",
  failed: (email: string) => `Failed to copy email. Please contact support at ${email} directly.`,
};

export const contactMessageToasts = {
  sent: { title: "Message sent", description: "We'll get back to you within 24 hours." },
  failedTitle: "Message failed",
};

export const businessHours = [
  {
    team: "Support",
    channels: "Live chat and email",
    hours: "24/7",
    note: "Every day of the year, holidays included.",
  },
  {
    team: "Sales",
    channels: "Email and scheduled calls",
    hours: "Monday to Friday, 8 AM to 8 PM PST",
    note: "Plans, Enterprise contracts and partnerships.",
  },
];

export const contactFaqLinks = [
  { href: "/docs", label: "Documentation", description: "Guides for every part of Cipher." },
  { href: "/tutorials", label: "Tutorials", description: "Build a moderation, music or ticket bot step by step." },
  { href: "/pricing", label: "Pricing", description: "Plans, credits and the 30-day free trial." },
];
