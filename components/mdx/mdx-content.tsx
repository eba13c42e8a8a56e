import { compileMDX } from "next-mdx-remote/rsc";
import Link from "next/link";
import rehypePrettyCode from "rehype-pretty-code";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";

import { Callout } from "./callout";

function MdxLink({ href = "", children, ...props }: React.ComponentProps<"a">) {
  if (href.startsWith("/") || href.startsWith("#")) {
    return (
      <Link href={href} {...props}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </a>
  );
}

const components = { Callout, a: MdxLink };

/**
 * Renders an MDX body on the server. Pages using it are statically generated, so the code
 * highlighting (shiki) runs once at build time and ships as plain HTML with no client JS.
 */
export async function MdxContent({ source }: { source: string }) {
  const { content } = await compileMDX({
    source,
    components,
    options: {
      mdxOptions: {
        remarkPlugins: [remarkGfm],
        rehypePlugins: [rehypeSlug, [rehypePrettyCode, { theme: "github-dark-dimmed", keepBackground: true }]],
      },
    },
  });
  return (
    <div className="prose max-w-none prose-invert prose-headings:scroll-mt-24 prose-headings:font-semibold prose-a:text-primary prose-code:before:content-none prose-code:after:content-none prose-pre:bg-transparent prose-pre:p-0">
      {content}
    </div>
  );
}
