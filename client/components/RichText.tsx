/**
 * RichText inserts editorial HTML. The server sanitised it with an
 * allow-list (server/content.Policy) when it was written, which is what
 * makes dangerouslySetInnerHTML safe here; never pass it anything else.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `rich-text ${className}` : "rich-text"} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * jsonLD serialises structured data for a <script type="application/ld+json">:
 * "<" is escaped so no string in it can close the script element.
 */
export function jsonLD(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
