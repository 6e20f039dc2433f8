import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ErrorBody } from '@sapo/common';
import { AppError } from '../lib/app-error.ts';
import { RouteMethods } from './route-methods.ts';

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldName(err: AjvError, context: string): string {
  const missing = err.params?.missingProperty;
  const extra = err.params?.additionalProperty;
  const pathName = (err.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const leaf = typeof missing === 'string' ? missing : typeof extra === 'string' ? extra : '';
  const full = [pathName, leaf].filter(Boolean).join('.');
  return full || context;
}

/** Turns the first schema violation into a sentence that names the field. */
export function validationMessage(errors: AjvError[], context: string): string {
  const err = errors[0];
  if (!err) return 'Invalid request';
  const field = fieldName(err, context);
  const isParam = context === 'querystring' || context === 'params';
  switch (err.keyword) {
    case 'required':
      return isParam ? `Parameter '${field}' can't be empty!` : `Field '${field}' is required`;
    case 'enum': {
      const allowed = (err.params?.allowedValues as unknown[] | undefined)?.join(', ');
      return `Invalid value of '${field}': must be one of ${allowed}`;
    }
    case 'const':
      return `Invalid value of '${field}': must be ${JSON.stringify(err.params?.allowedValue)}`;
    case 'additionalProperties':
      return `Unknown field '${field}'`;
    case 'type':
      return `Invalid value of '${field}': must be ${String(err.params?.type)}`;
    default:
      return `Invalid value of '${field}': ${err.message ?? 'is invalid'}`;
  }
}

export function errorBody(
  status: number,
  message: string,
  errorCode: number,
  extra?: Record<string, unknown>,
): ErrorBody {
  return { status, message, errorCode, timestamp: new Date().toISOString(), ...extra };
}

const PARSE_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid JSON in request body',
  FST_ERR_CTP_EMPTY_JSON_BODY: "Body cannot be empty when content-type is set to 'application/json'",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
};

/** One place that maps every failure to ThingsBoard's error body; 5xx never leak details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.status, error.message, error.errorCode, error.extra));
    }
    const fe = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
    if (fe.validation) {
      const message = validationMessage(fe.validation, fe.validationContext ?? 'body');
      return reply.status(400).send(errorBody(400, message, ErrorCode.BAD_REQUEST_PARAMS));
    }
    if (fe.code && PARSE_ERRORS[fe.code]) {
      const detail = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? `: ${fe.message.replace(/^.*?:\s*/, '')}` : '';
      return reply.status(400).send(errorBody(400, `${PARSE_ERRORS[fe.code]}${detail}`, ErrorCode.BAD_REQUEST_PARAMS));
    }
    if (error instanceof SyntaxError) {
      return reply
        .status(400)
        .send(errorBody(400, `Invalid JSON in request body: ${error.message}`, ErrorCode.BAD_REQUEST_PARAMS));
    }
    const status = fe.statusCode ?? 500;
    // Spring's words for these, in ThingsBoard's body with code 31 (reference §2.1).
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.headers['content-type'] ?? '';
      return reply
        .status(415)
        .send(errorBody(415, `Content type '${type}' not supported`, ErrorCode.BAD_REQUEST_PARAMS));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit;
      const message = `Request body is too large${limit ? ` (at most ${limit} bytes)` : ''}`;
      return reply.status(413).send(errorBody(413, message, ErrorCode.BAD_REQUEST_PARAMS));
    }
    if (status === 429) {
      return reply.status(429).send(errorBody(429, fe.message, ErrorCode.TOO_MANY_REQUESTS));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, fe.message, ErrorCode.BAD_REQUEST_PARAMS));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, `Internal server error (request ${request.id})`, ErrorCode.GENERAL));
  });

  // Every /api route is recorded (this runs before the routes are added) so that a known path asked
  // with another method answers 405 and names the methods it has.
  const routeMethods = new RouteMethods();
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) routeMethods.add(route.method, route.url);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = path.startsWith('/api/') ? routeMethods.allowed(path) : [];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const message = `Request method '${request.method}' not supported`;
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(errorBody(405, message, ErrorCode.BAD_REQUEST_PARAMS));
    }
    return reply
      .status(404)
      .send(errorBody(404, `No API endpoint ${request.method} ${path}`, ErrorCode.ITEM_NOT_FOUND));
  });
}

/**
 * Fastify's `frameworkErrors`: failures before routing (a URL with bad percent-encoding) answer in
 * ThingsBoard's body rather than Fastify's own. No hook has run, so the one header that matters for
 * a JSON error is set here.
 */
export function onFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? `Invalid URL: ${error.message}` : error.message;
  void reply
    .status(status)
    .header('x-content-type-options', 'nosniff')
    .send(errorBody(status, message, ErrorCode.BAD_REQUEST_PARAMS));
}
