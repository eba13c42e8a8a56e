import { BookOpen, CreditCard, LifeBuoy, MessageCircle, Rocket, Sparkles, Zap, type LucideIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { quickQuestions, type SupportTopic } from "@/lib/support/quick-questions";

const topicIcons: Record<SupportTopic, LucideIcon> = {
  product: Sparkles,
  pricing: CreditCard,
  "getting-started": Rocket,
  "technical-support": LifeBuoy,
  documentation: BookOpen,
  features: Zap,
};

interface ChatHomeProps {
  /** Switches to Chat and sends the question. */
  onAsk: (question: string) => void;
  onStartChat: () => void;
}

export function ChatHome({ onAsk, onStartChat }: ChatHomeProps) {
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h3 className="text-base font-semibold">Hi there! How can we help?</h3>
        <p className="text-sm text-muted-foreground">
          Pick a topic for an instant answer, or ask us anything. Support is available 24/7 by chat and email.
        </p>
      </div>
      <ul aria-label="Quick questions" className="grid grid-cols-2 gap-2">
        {quickQuestions.map((card) => {
          const Icon = topicIcons[card.topic];
          return (
            <li key={card.topic}>
              <button
                type="button"
                onClick={() => onAsk(card.question)}
                className="flex h-full w-full flex-col items-start gap-1.5 rounded-lg border border-border bg-background/40 p-3 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Icon aria-hidden="true" className="size-4 text-primary" />
                <span className="text-sm leading-tight font-medium">{card.title}</span>
                <span className="text-xs leading-snug text-muted-foreground">{card.description}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <Button type="button" className="w-full bg-primary-fill hover:bg-primary-fill/90" onClick={onStartChat}>
        <MessageCircle aria-hidden="true" />
        Start a conversation
      </Button>
    </div>
  );
}
