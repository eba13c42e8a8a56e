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

/** Code blocks scroll sideways on narrow screens, so keyboard users must be able to focus them. */
function MdxPre(props: React.ComponentProps<"pre">) {
  return <pre tabIndex={0} {...props} />;
}

/** Wide tables scroll inside their own box instead of widening the page on phones. */
function MdxTable(props: React.ComponentProps<"table">) {
  return (
    <div role="region" aria-label="Table" tabIndex={0} className="overflow-x-auto">
      <table {...props} />
    </div>
  );
}

const components = { Callout, a: MdxLink, pre: MdxPre, table: MdxTable };

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
        rehypePlugins: [rehypeSlug, [rehypePrettyCode, { theme: "github-dark-default", keepBackground: true }]],
      },
    },
  });
  return (
    <div className="prose max-w-none prose-invert prose-headings:scroll-mt-24 prose-headings:font-semibold prose-a:text-primary prose-code:before:content-none prose-code:after:content-none prose-pre:bg-transparent prose-pre:p-0">
      {content}
    </div>
  );
}
