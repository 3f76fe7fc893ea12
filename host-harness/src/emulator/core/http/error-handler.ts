import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { hostRefusal } from './request-guard.ts';

/** URL parameters (an entity name, a record id, a session id) longer than this are refused by the router (414). */
export const MAX_PARAM_LENGTH = 500;

/**
 * Answers a request Node's HTTP parser rejected (headers over 16 KB, a malformed request line, conflicting lengths)
 * in the platform's error shape, then closes the socket. Fastify's default answer omits `Connection: close`, so a
 * keep-alive client would send its next request into the closing socket and see it hang up.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request headers are too large (16 KB at most)'
      : status === 408
        ? 'The request took too long to arrive'
        : 'The request is not valid HTTP';
  const body = JSON.stringify({
    message,
    code: status === 431 ? 'headers_too_large' : status === 408 ? 'request_timeout' : 'bad_request',
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Answers what Fastify's router refuses before any hook runs (a URL parameter over MAX_PARAM_LENGTH characters, a
 * parameter whose percent-encoding is malformed) in the platform's shape, without echoing the address back. Fastify's
 * own answer repeats the whole path; and since no hook runs for these, the Host rule is applied here too.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const foreign = hostRefusal(request.headers, request.socket.localPort);
  if (foreign) {
    void reply.code(403).send({ message: foreign, code: 'foreign_host' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({
      message: `A URL parameter is longer than ${MAX_PARAM_LENGTH} characters`,
      code: 'param_too_long',
    });
  } else {
    void reply
      .code(400)
      .send({ message: 'The address is not valid: a URL parameter is malformed', code: 'bad_url' });
  }
}

/** Turns every failure into the platform's error shape; anything unexpected is logged and answered 500. */
export function registerErrorHandlers(app: FastifyInstance, quiet: boolean): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.status).send(error.toBody());
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) {
      const message = status === 413 ? `The request body is too large: ${error.message}` : error.message;
      return reply.code(status).send({ message, code: error.code ?? 'bad_request' });
    }
    if (!quiet) console.error(`emulator: ${request.method} ${request.url} failed`, error);
    return reply
      .code(500)
      .send({ message: 'The emulator failed to handle this request', code: 'internal_error' });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!; // split answers at least one part
    reply
      .code(404)
      .send({ message: `No such endpoint: ${request.method} ${path.slice(0, 200)}`, code: 'not_found' });
  });
}
