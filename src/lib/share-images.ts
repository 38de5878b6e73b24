/**
 * Which share image each page gets, where it is published and what its text alternative says. Pure (no
 * rendering): the site model (./site-model.ts) fills `imagem` from it, and the page bundle hands the same specs to
 * the publish worker, which renders them (src/build/share-image.ts), so the URL in `og:image` and the file written
 * cannot disagree. Why not one image per article at any size: docs/ARCHITECTURE.md, "Share images".
 */
import { SITE_NAME } from '../config/site.ts';
import { SECTIONS, type Section } from '../model/routes.ts';
import type { ShareImageSpec } from '../model/site-data.ts';

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** Folder of the generated images in the output. */
export const SHARE_IMAGE_DIR = '/og';

/**
 * Articles, newest first, that get an image of their own; older ones share their section's image. About 25 ms
 * per image on the publish worker's core: 5,000 images would be two minutes on a 15-second build.
 */
export const ARTICLES_WITH_OWN_IMAGE = 200;


/** The image of one page: its title over its section's name. */
export const pageShareImage = (p: { rota: string; titulo: string; secao: Section }): ShareImageSpec => ({
  caminho: `${SHARE_IMAGE_DIR}/${p.rota}.png`,
  titulo: p.titulo,
  secao: SECTIONS[p.secao],
  alt: `Cartão com o título “${p.titulo}”, da seção ${SECTIONS[p.secao]}, e a marca da ${SITE_NAME} sobre fundo azul-petróleo`,
});

/** The image a section's pages share when they have none of their own: the section's name. */
export const sectionShareImage = (secao: Section): ShareImageSpec => ({
  caminho: `${SHARE_IMAGE_DIR}/secao/${secao}.png`,
  titulo: `${SECTIONS[secao]} da ${SITE_NAME}`,
  secao: SECTIONS[secao],
  alt: `Cartão com o título “${SECTIONS[secao]} da ${SITE_NAME}” e a marca da ${SITE_NAME} sobre fundo azul-petróleo`,
});
