/** The dashboard home's Mission Control cards (spec sections 2 and 8). */
import { BarChart3, Bot, CreditCard, LifeBuoy, Plug, Server, type LucideIcon } from "lucide-react";

export interface MissionControlCard {
  title: string;
  description: string;
  icon: LucideIcon;
  href: string;
}

export const missionControlCards: MissionControlCard[] = [
  {
    title: "My Bots",
    description: "Create, edit and manage your Discord bots.",
    icon: Bot,
    href: "/dashboard/bots",
  },
  {
    title: "Hosting & Deployment",
    description: "Deploy bots and watch their servers.",
    icon: Server,
    href: "/dashboard/hosting",
  },
  {
    title: "Usage & Stats",
    description: "Commands, uptime and activity over time.",
    icon: BarChart3,
    href: "/dashboard/analytics",
  },
  {
    title: "Tools & Integrations",
    description: "Connect services and use bot utilities.",
    icon: Plug,
    href: "/dashboard/integrations",
  },
  {
    title: "Subscription & Billing",
    description: "Your plan, credits and invoices.",
    icon: CreditCard,
    href: "/dashboard/billing",
  },
  {
    title: "Support",
    description: "Tickets, answers and help from our team.",
    icon: LifeBuoy,
    href: "/dashboard/support",
  },
];
