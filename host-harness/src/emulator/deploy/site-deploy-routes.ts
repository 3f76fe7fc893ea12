import type { FastifyInstance } from 'fastify';
import type { AppStore } from '../apps/index.ts';
import type { CallerState } from '../auth/index.ts';
import { ApiError, BadRequestError } from '../core/errors.ts';
import { registerDeployScope } from './deploy-scope.ts';
import type { Deployments } from './deployments.ts';
import { SITE_ARCHIVE_LIMITS } from './site-archive.ts';

const MB = 1024 * 1024;
/** Room for the multipart framing around the archive. */
const FRAMING_BYTES = 64 * 1024;
/** The multipart field the platform's CLI sends the archive in (`uploadSite`: `file`, `dist.tar.gz`). */
const ARCHIVE_FIELD = 'file';

const tooLarge = () =>
  new ApiError(
    413,
    `The site archive is larger than ${SITE_ARCHIVE_LIMITS.archiveBytes / MB} MB`,
    'archive_too_large',
  );

/**
 * `POST deploy-dist` (`site deploy` and the last step of `deploy`): the site's `.tar.gz` as a multipart upload,
 * answered with the published URL (`{ app_url }`). A body announced larger than the bound is refused before it is
 * read; a longer one is cut off at the bound.
 */
export function registerSiteDeployRoutes(
  app: FastifyInstance,
  ctx: { state: CallerState & { apps: AppStore }; deployments: Deployments },
): void {
  const { state, deployments } = ctx;
  registerDeployScope(app, state, (scope) => {
    scope.post(
      '/api/apps/:appId/deploy-dist',
      {
        onRequest: async (request) => {
          const length = Number(request.headers['content-length']);
          if (length > SITE_ARCHIVE_LIMITS.archiveBytes + FRAMING_BYTES) throw tooLarge();
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new BadRequestError(
            'Send the site archive as multipart/form-data, in the field "file"',
            'invalid_body',
          );
        let archive: Buffer | undefined;
        try {
          for await (const part of request.parts({
            limits: { fileSize: SITE_ARCHIVE_LIMITS.archiveBytes, files: 1 },
          })) {
            if (part.type !== 'file') continue;
            if (part.fieldname !== ARCHIVE_FIELD)
              throw new BadRequestError(
                `The site archive goes in the field "file", not "${part.fieldname}"`,
                'invalid_body',
              );
            archive = await part.toBuffer();
          }
        } catch (error) {
          // The multipart reader's refusal of a file past the bound, from the part or from the reading of the parts.
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw error;
        }
        if (!archive)
          throw new BadRequestError('No site archive was sent (the multipart field "file")', 'invalid_body');
        return { app_url: await deployments.publishSite(archive) };
      },
    );
  });
}
