// A refusal carrying its message key and values beside the English text (contracts'
// server-messages.ts): the error formatter sends them as data.messageKey and data.params, and the web
// writes the message in the reader's language. REST clients and the API tests keep reading the English.
import { TRPCError } from '@trpc/server';
import { englishMessage, SERVER_MESSAGES, type MessageParams, type ServerMessageName } from '@ctp/contracts';

type Code = ConstructorParameters<typeof TRPCError>[0]['code'];

export class Refusal extends TRPCError {
  readonly messageKey: string;
  readonly params: MessageParams;
  constructor(code: Code, name: ServerMessageName, params: MessageParams = {}, cause?: unknown) {
    const key = SERVER_MESSAGES[name];
    super({ code, message: englishMessage(key, params), cause });
    this.messageKey = key;
    this.params = params;
  }
}

/** A refusal by the message's name: `throw refuse('CONFLICT', 'studyCodeTaken', { code })`. */
export function refuse(code: Code, name: ServerMessageName, params: MessageParams = {}): Refusal {
  return new Refusal(code, name, params);
}

