/** Topics the support assistant answers; each quick-question card asks about one. */
export type SupportTopic =
  "product" | "pricing" | "getting-started" | "technical-support" | "documentation" | "features";

export interface QuickQuestion {
  topic: SupportTopic;
  /** Card title on the Home view. */
  title: string;
  /** One line under the title. */
  description: string;
  /** What is sent to the chat when the card is chosen. */
  question: string;
}

/** The six quick-question cards on the widget's Home view, in display order. */
export const quickQuestions: readonly QuickQuestion[] = [
  {
    topic: "product",
    title: "What is Cipher?",
    description: "How Cipher builds and hosts bots",
    question: "What is Cipher?",
  },
  {
    topic: "pricing",
    title: "Pricing plans",
    description: "Plans from $5/month",
    question: "What are your pricing plans?",
  },
  {
    topic: "getting-started",
    title: "Getting started",
    description: "Create your first bot",
    question: "How do I get started?",
  },
  {
    topic: "technical-support",
    title: "Technical support",
    description: "Get help with a problem",
    question: "I need technical support.",
  },
  {
    topic: "documentation",
    title: "Documentation",
    description: "Guides, API and tutorials",
    question: "Where can I find the documentation?",
  },
  {
    topic: "features",
    title: "Features",
    description: "What Cipher can do today",
    question: "What features does Cipher offer?",
  },
];

/** How long after a quick-question card is chosen its question is sent (spec §4). */
export const QUICK_QUESTION_SEND_DELAY_MS = 100;
