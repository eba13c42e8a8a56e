import { zodResolver } from "@hookform/resolvers/zod";

import { newsletterSchema } from "@/lib/newsletter/schemas";

/** Loaded by the footer form on first use, so zod is not part of every public page's first load. */
export const newsletterResolver = zodResolver(newsletterSchema);
