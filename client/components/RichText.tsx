/**
 * RichText inserts editorial HTML. The server sanitised it with an
 * allow-list (server/content.Policy) when it was written, which is what
 * makes dangerouslySetInnerHTML safe here; never pass it anything else.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `rich-text ${className}` : "rich-text"} dangerouslySetInnerHTML={{ __html: html }} />;
}
