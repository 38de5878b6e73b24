/**
 * The HTML pages of the contact function (prefilled form, form with errors or a notice, confirmation), in the
 * site's real layout: the page shell the build emits from the Astro layout (functions/html/shell.ts), the same
 * one the measurement's result page uses. The blank form of /contato is the same markup (./form-html.ts).
 */
import { renderShellPage } from '../html/shell.ts';

const DEFAULT_TITLE = 'Fale com a gente';
const DESCRIPTION = 'Conte o que você precisa: respondemos toda mensagem em até 2 dias úteis.';

/** The page with `section` (the form, or the confirmation) as its content, titled `title` when given. */
export const contactPage = (origin: string, title: string | undefined, section: string): string =>
  renderShellPage({ titulo: title ?? DEFAULT_TITLE, descricao: DESCRIPTION, conteudo: section }, origin);
