// Where a finding came from: the block's page, paragraph, line, table and row, and its text.
import type { ProtocolEvidence } from '@ctp/contracts';
import type { Block } from './blocks.ts';

const EVIDENCE_CHARS = 500;

export function evidenceOf(block: Block, text = block.text): ProtocolEvidence {
  return {
    page: block.page,
    paragraph: block.paragraph,
    line: block.line,
    table: block.table,
    row: block.row,
    text: text.length > EVIDENCE_CHARS ? `${text.slice(0, EVIDENCE_CHARS - 1)}…` : text,
  };
}
