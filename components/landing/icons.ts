import {
  CalendarDays,
  Code2,
  Gamepad2,
  KeyRound,
  Music,
  Rocket,
  ShieldCheck,
  Sparkles,
  Ticket,
  Users,
  type LucideIcon,
} from "lucide-react";

export const landingIcons: Record<string, LucideIcon> = {
  key: KeyRound,
  sparkles: Sparkles,
  code: Code2,
  rocket: Rocket,
  shield: ShieldCheck,
  ticket: Ticket,
  gamepad: Gamepad2,
  music: Music,
  calendar: CalendarDays,
  users: Users,
};
