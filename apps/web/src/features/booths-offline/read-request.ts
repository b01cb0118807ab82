import {
  OFFLINE_REQUEST_PROBLEMS,
  parseOfflineActivationRequest,
  type TOfflineActivationRequest,
} from '@lbs/domain/offline-activation';

export const NO_QR_IN_IMAGE =
  'No QR code was found in this image. Take the photo closer and straight on, or paste the request’s text.';
export const NOT_A_REQUEST_QR = 'That QR code is not a LentiBooth activation request.';
export const IMAGE_UNREADABLE =
  'This image could not be read. Choose another photo, or paste the request’s text.';

export interface ReadRequest {
  text: string;
  request: TOfflineActivationRequest;
}

export type RequestProblem = keyof typeof OFFLINE_REQUEST_PROBLEMS;

/** The first of `texts` that is an activation request, or the problem with the first one. */
export function firstRequest(texts: string[]): ReadRequest | RequestProblem {
  let problem: RequestProblem = 'notARequest';
  for (const text of texts) {
    const parsed = parseOfflineActivationRequest(text);
    if (parsed.ok) return { text, request: parsed.request };
    if (parsed.problem !== 'notARequest') problem = parsed.problem;
  }
  return problem;
}
