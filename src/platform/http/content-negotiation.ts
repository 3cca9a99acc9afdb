import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { Problem } from './problem';

const jsonTypes = ['application/json', 'text/json', 'application/*+json'];

/** JSON bodies as `application/json`, `text/json` or `application/*+json`, at most 1 MiB (CONTRACT §4). */
export const jsonBody: RequestHandler = express.json({ limit: '1mb', type: jsonTypes, strict: false });

/** A body of another type (multipart only where an upload is expected) is a 415. */
export const rejectUnsupportedMediaType: RequestHandler = (
  req: Request,
  _res: Response,
  next: NextFunction,
) => {
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return next();
  const type = req.headers['content-type'];
  if (type && (req.is(jsonTypes) || req.is('multipart/form-data'))) return next();
  next(new Problem(415, `Content-Type ${type ?? '(none)'} is not supported; send application/json.`));
};

/**
 * Answers in the representation the client asked for: `text/json` and `text/plain` carry the same
 * JSON text; anything else is `application/json`. Handlers that send files set their own type.
 */
export const negotiateResponseType: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  const accept = req.headers.accept;
  // The common cases answer JSON without running the negotiator (it shows in profiles).
  if (!accept || accept === '*/*' || accept.startsWith('application/json')) return next();
  const accepted = req.accepts(['application/json', 'text/json', 'text/plain']);
  if (accepted === 'text/json') res.setHeader('Content-Type', 'text/json; charset=utf-8');
  else if (accepted === 'text/plain') res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  next();
};
