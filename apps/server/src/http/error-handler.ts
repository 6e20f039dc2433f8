import type { FastifyError, FastifyInstance } from 'fastify';
import { ErrorCode, type ErrorBody } from '@sapo/common';
import { AppError } from '../lib/app-error.ts';

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
    if (status === 429) {
      return reply.status(429).send(errorBody(429, fe.message, ErrorCode.TOO_MANY_REQUESTS));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(status, fe.message, ErrorCode.BAD_REQUEST_PARAMS));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody(500, `Internal server error (request ${request.id})`, ErrorCode.GENERAL));
  });

  app.setNotFoundHandler((request, reply) => {
    const status = 404;
    reply
      .status(status)
      .send(
        errorBody(status, `No API endpoint ${request.method} ${request.url.split('?')[0]}`, ErrorCode.ITEM_NOT_FOUND),
      );
  });
}
