// A refusal carrying its message key and values beside the English text (contracts'
// server-messages.ts): the error formatter sends them as data.messageKey and data.params, and the web
// writes the message in the reader's language. REST clients and the API tests keep reading the English.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { englishMessage, messageKeyOf, SERVER_MESSAGES, type MessageParams, type ServerMessageName } from '@ctp/contracts';

type Code = ConstructorParameters<typeof TRPCError>[0]['code'];

export class Refusal extends TRPCError {
  readonly messageKey: string;
  readonly params: MessageParams;
  constructor(code: Code, name: ServerMessageName, params: MessageParams = {}, cause?: unknown) {
    const template = SERVER_MESSAGES[name];
    super({ code, message: englishMessage(template, params), cause });
    this.messageKey = messageKeyOf(template);
    this.params = params;
  }
}

/** A refusal by the message's name: `throw refuse('CONFLICT', 'studyCodeTaken', { code })`. */
export function refuse(code: Code, name: ServerMessageName, params: MessageParams = {}): Refusal {
  return new Refusal(code, name, params);
}


/** A refusal about one input field (BAD_REQUEST), shown on that field: `throw refuseField('date', 'dateFuture')`. */
export function refuseField(field: string, name: ServerMessageName, params: MessageParams = {}): Refusal {
  const message = englishMessage(SERVER_MESSAGES[name], params);
  // ZodRealError: the ZodError that is an Error, so tRPC keeps it as the cause (the error formatter reads it).
  return new Refusal('BAD_REQUEST', name, params, new z.ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]));
}
