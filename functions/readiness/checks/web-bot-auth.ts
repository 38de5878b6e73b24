import { calculateJwkThumbprint, type JWK } from 'jose';
import { DIRECTORY_MEDIA_TYPE } from '../agent/signing.ts';
import { verifyDirectoryResponse } from '../agent/verify.ts';
import { looksLikeHtml } from '../analysis/llms.ts';
import { isObject, isResponse, parseJson } from '../context.ts';
import { headerLine, siteText } from '../evidence.ts';
import { revisionOf, withVerdict } from '../revision.ts';
import { type CheckDefinition, failed, notApplicable, partial } from './types.ts';
import { plural } from '../../../src/model/plural.ts';

/** The directory's media type in the drafts before the directory draft was folded into the protocol (no `+json`). */
export const LEGACY_DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory';

export const webBotAuth: CheckDefinition = {
  id: 'web-bot-auth',
  nome: 'Diretório de chaves Web Bot Auth',
  camada: 'agentes',
  severidade: 'baixa',
  titulo: 'O diretório de chaves Web Bot Auth está incompleto',
  tituloParcial: 'O diretório de chaves Web Bot Auth tem problemas',
  porque:
    'Quem opera robôs ou agentes publica em /.well-known/http-message-signatures-directory as chaves com que assina as requisições (Web Bot Auth), para que os sites verifiquem a identidade do robô. Um diretório malformado ou sem assinatura não serve a essa verificação.',
  comoCorrigir:
    'Sirva o diretório como JWKS com Content-Type: application/http-message-signatures-directory+json, kid igual à impressão digital (RFC 7638) de cada chave, Content-Digest do corpo e uma assinatura por chave com tag="http-message-signatures-directory". Se o site não opera robôs, não publique o diretório.',
  referencia: 'https://datatracker.ietf.org/doc/draft-ietf-webbotauth-httpsig-protocol/',
  async run(ctx) {
    const probe = await ctx.get('/.well-known/http-message-signatures-directory', { accept: DIRECTORY_MEDIA_TYPE, followRedirects: false });
    if (!isResponse(probe)) return notApplicable(`Diretório não consultado (${probe.message}): verificação não se aplica.`, { evidencias: [ctx.evidence(probe)] });
    const status = { evidencias: [ctx.evidence(probe, { em: 'status' as const, decisivo: `HTTP ${probe.status}` })] };
    if (probe.status === 404 || probe.status === 410) return notApplicable('O site não publica diretório de chaves (só é necessário para quem opera robôs ou agentes).', status);
    // A single-page app's fallback answers any path with its HTML page: that is no directory at all.
    if (probe.status === 200 && (probe.contentType.includes('html') || looksLikeHtml(probe.body))) {
      return notApplicable('O endereço do diretório devolve uma página HTML (o site não publica diretório de chaves).', status);
    }
    if (probe.status !== 200) return failed(`O diretório respondeu ${probe.status} (verificadores não seguem redirecionamentos e exigem 200).`, status);
    const json = parseJson(probe.body);
    if (!isObject(json) || !Array.isArray(json.keys)) return failed('O diretório não é um JWKS (objeto com a lista keys).', { evidencias: [ctx.evidence(probe, { em: 'corpo', decisivo: 'sem "keys"' })] });
    const keys = json.keys.filter(isObject);
    const problems: string[] = [];
    // The earlier drafts' media type (no `+json`) is the legacy form, not a problem of its own.
    const legacyType = probe.contentType === LEGACY_DIRECTORY_MEDIA_TYPE;
    if (probe.contentType !== DIRECTORY_MEDIA_TYPE && !legacyType) problems.push(`Content-Type ${probe.contentType || 'ausente'}`);
    for (const key of keys) {
      if (typeof key.kid !== 'string') continue;
      try {
        if ((await calculateJwkThumbprint(key as JWK, 'sha256')) !== key.kid) problems.push(`kid ${siteText(key.kid)} difere da impressão digital da chave`);
      } catch {
        problems.push('chave malformada');
      }
    }
    const { verified, digestOk } = await verifyDirectoryResponse(probe, keys);
    if (!digestOk) problems.push('Content-Digest ausente ou divergente');
    if (keys.length > 0 && verified === 0) problems.push('resposta sem assinatura válida do diretório');
    const evidencias = [ctx.evidence(probe, { em: 'cabecalho', decisivo: digestOk ? headerLine(probe.headers, 'Signature-Input') : headerLine(probe.headers, 'Content-Digest') })];
    if (problems.length === 0) {
      const revisao = legacyType
        ? revisionOf('web-bot-auth', 'legado', {
            forma: `Content-Type ${LEGACY_DIRECTORY_MEDIA_TYPE}, dos rascunhos anteriores`,
            migracao: `Sirva o diretório com Content-Type: ${DIRECTORY_MEDIA_TYPE} (obrigatório no endereço well-known desde que o rascunho do diretório foi incorporado ao protocolo). Os agentes do site devem enviar Signature-Agent: sig1="${ctx.url('/.well-known/http-message-signatures-directory')}", sem parâmetros (-01).`,
          })
        : revisionOf('web-bot-auth', 'atual');
      return withVerdict(`Diretório com ${plural(keys.length, 'chave', 'chaves')}, Content-Digest correto e ${plural(verified, 'assinatura verificada', 'assinaturas verificadas')}.`, revisao, { evidencias });
    }
    return partial(Math.max(0.25, 1 - 0.25 * problems.length), `Diretório com ${plural(keys.length, 'chave', 'chaves')}, mas: ${problems.join('; ')}.`, { evidencias });
  },
};
