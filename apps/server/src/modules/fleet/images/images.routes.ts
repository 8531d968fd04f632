import multipart from '@fastify/multipart';
import {
  emptySuccessSchema,
  errorEnvelopeSchema,
  IMAGE_MAX_BYTES,
  idSchema,
  imageCreatedSchema,
  imageListQuerySchema,
  imageSchema,
  imageUploadBodySchema,
  listEnvelope,
  successEnvelope,
  updateImageBodySchema,
} from '@netfleet/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readBufferedUpload } from '@/modules/fleet/buffered-upload';
import { requireAuth } from '@/plugins/auth';
import type { ImagesService } from './images.service';

const tags = ['images'];
const idParams = z.object({ id: idSchema });
const view = { permission: 'view_images' } as const;
const manage = { permission: 'manage_images' } as const;
/** Images never change in place (a new picture is a new id), so browsers may keep them. */
const CACHE = 'private, max-age=86400';

/** RFC 6266 inline disposition: a plain ASCII fallback plus the exact UTF-8 name. */
const inlineDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

const sendImage = (reply: FastifyReply, image: Awaited<ReturnType<ImagesService['open']>>) =>
  reply
    .header('content-type', image.mimeType)
    .header('content-length', String(image.size))
    .header('content-disposition', inlineDisposition(image.name))
    .header('cache-control', CACHE)
    .header('x-content-type-options', 'nosniff')
    .send(image.stream);

const binary = {
  200: z.string().meta({ format: 'binary' }),
  404: errorEnvelopeSchema,
};

export const imagesRoutes: FastifyPluginAsyncZod<{ imagesService: ImagesService }> = async (
  app,
  { imagesService },
) => {
  // Encapsulated: only this plugin's routes parse multipart bodies, with the image limit.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
  });

  app.get(
    '/api/images',
    {
      config: view,
      schema: {
        tags,
        summary: 'Images of the companies you can see',
        querystring: imageListQuerySchema,
        response: { 200: listEnvelope(imageSchema) },
      },
    },
    async (request) => {
      const { data, total } = await imagesService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/images',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Upload an image (multipart: image, company_id, type, description; JPEG or PNG)',
        consumes: ['multipart/form-data'],
        body: imageUploadBodySchema,
        response: { 201: imageCreatedSchema },
      },
      // The parts are read below; the body schema only documents them.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // At most IMAGE_MAX_BYTES: its signature and dimensions are checked from the whole of it.
      const { fields, upload } = await readBufferedUpload(request, 'image');
      const image = await imagesService.create(auth, fields, upload);
      return reply
        .status(201)
        .send({ success: true as const, data: image, meta: { id: image.id } });
    },
  );

  app.get(
    '/api/images/:id',
    {
      config: view,
      schema: { tags, summary: 'The image file', params: idParams, response: binary },
    },
    async (request, reply) =>
      sendImage(reply, await imagesService.open(requireAuth(request), request.params.id)),
  );

  app.get(
    '/api/images/:id/thumbnail',
    {
      config: view,
      schema: {
        tags,
        summary: 'The image for previews (the stored original: uploads are at most 2048x1080)',
        params: idParams,
        response: binary,
      },
    },
    // No scaled copy is made: RMS caps uploads at 5 MB and 2048x1080, so the original is already
    // bounded, and scaling PNG and JPEG in-process would take a native image library (sharp) or a
    // pure-JS JPEG codec, neither of which is installed. Browsers scale it and cache it (CACHE).
    async (request, reply) =>
      sendImage(reply, await imagesService.open(requireAuth(request), request.params.id)),
  );

  app.put(
    '/api/images/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Change an image's description",
        params: idParams,
        body: updateImageBodySchema,
        response: { 200: successEnvelope(imageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await imagesService.update(
        requireAuth(request),
        request.params.id,
        request.body.description,
      ),
    }),
  );

  app.delete(
    '/api/images/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove an image',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await imagesService.remove(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );
};
