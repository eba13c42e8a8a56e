import { Mail } from "lucide-react";
import type { Metadata } from "next";

import { SectionPlaceholder } from "@/components/dashboard/section-placeholder";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Support" };

export default async function SupportPage() {
  await requireUser("/dashboard/support");
  return (
    <SectionPlaceholder section="support">
      <p className="mt-4">
        <Button asChild variant="outline">
          <a href={`mailto:${env.SUPPORT_EMAIL}`}>
            <Mail />
            Email {env.SUPPORT_EMAIL}
          </a>
        </Button>
      </p>
    </SectionPlaceholder>
  );
}
