/** Copy and data of /partners (spec section 2). Stats and the success story are marketing copy. */
import { Clock, Cpu, Handshake, Mail, Puzzle, ShieldCheck, type LucideIcon } from "lucide-react";

export interface PartnershipType {
  id: "technology" | "channel" | "integration";
  title: string;
  description: string;
  benefits: string[];
  icon: LucideIcon;
}

export const partnershipTypes: PartnershipType[] = [
  {
    id: "technology",
    title: "Technology Partners",
    description:
      "Hosting providers, AI platforms and developer tools that make building and running Discord bots faster and safer.",
    benefits: [
      "Joint roadmap sessions with our engineering team",
      "Early access to new runtime and AI features",
      "Co-marketing on launches, blog posts and events",
      "Dedicated technical contact and shared Slack channel",
    ],
    icon: Cpu,
  },
  {
    id: "channel",
    title: "Channel Partners",
    description:
      "Agencies, consultancies and resellers who build and manage bots for communities, creators and brands.",
    benefits: [
      "Revenue share on every customer you refer",
      "Partner pricing on Teams and Enterprise plans",
      "Sales enablement kit and demo workspace",
      "Listing in the Cipher partner directory",
    ],
    icon: Handshake,
  },
  {
    id: "integration",
    title: "Integration Partners",
    description:
      "Services whose APIs Cipher bots can use out of the box: music, streaming, games, payments, analytics and more.",
    benefits: [
      "Featured placement in the Cipher integrations catalog",
      "Your API available to every generated bot",
      "Technical support while you build the integration",
      "Shared usage insights for your integration",
    ],
    icon: Puzzle,
  },
];

export const partnerStats = [
  { value: "150+", label: "Active partners" },
  { value: "40+", label: "Countries" },
  { value: "50k+", label: "Builders reached" },
  { value: "3x", label: "Average partner growth" },
];

export const successStory = {
  eyebrow: "Success story",
  company: "PixelForge Studios",
  partnershipType: "Channel partner",
  headline: "How a 12-person agency tripled its community clients in six months",
  summary:
    "PixelForge builds and runs Discord servers for game studios. Before Cipher, every new bot meant a week of custom development and a server to maintain. Now their community managers describe the bot, their two developers review the code, and Cipher hosts it.",
  quote:
    "We used to turn clients away because we couldn't maintain another bot. With Cipher we ship in days, and our developers spend their time on the interesting parts.",
  person: "Jordan Lee",
  role: "Co-founder, PixelForge Studios",
  results: [
    { value: "3x", label: "More community clients" },
    { value: "80%", label: "Less time per bot" },
    { value: "99.9%", label: "Uptime for client bots" },
  ],
};

export const partnerRequirements = [
  "A product, service or practice that serves Discord communities, creators or developers",
  "A team member who can own the partnership and meet with us regularly",
  "A commitment to security and privacy that matches ours, including how you handle bot tokens",
  "For integration partners: a documented, stable public API",
  "For channel partners: experience delivering projects for communities or brands",
];

/** The aside of /partner-inquiry. */
export const partnerInquiryNextSteps: { icon: LucideIcon; text: string }[] = [
  { icon: Mail, text: "We read every inquiry and reply within 2-3 business days." },
  { icon: Clock, text: "If there is a fit, we set up a 30-minute call to explore it together." },
  { icon: ShieldCheck, text: "We use your details only to answer your inquiry, never for advertising." },
];
