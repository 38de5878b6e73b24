/** The props every page kind's template receives from src/pages/[...rota].astro. */
import type { MarkdownHeading } from 'astro';
import type { PageView } from '../../lib/page-model.ts';
import type { SiteModel, SitePage } from '../../lib/site.ts';

export interface TemplateProps<P extends SitePage = SitePage> {
  view: PageView<P>;
  model: SiteModel;
  /** The rendered body of the page (none on the listings derived from the articles). */
  Content?: (props: Record<string, unknown>) => unknown;
  headings: MarkdownHeading[];
}
