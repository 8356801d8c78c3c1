// GET /api/users/access-review.csv and GET /api/users/access-review.pdf (administrators): the periodic
// access review as an attachment, for scripts with an API token as well as the browser.
import { Router } from 'express';
import type { CallerFor } from '../../rest-caller.ts';

export function usersRest(caller: CallerFor) {
  const r = Router();
  r.get('/users/access-review.:format', async (req, res) => {
    const file = await caller(req, res).users.accessReview({ format: req.params.format as 'csv' | 'pdf' });
    const body = file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : file.content;
    res.attachment(file.filename).type(file.encoding === 'base64' ? file.contentType : `${file.contentType}; charset=utf-8`).send(body);
  });
  return r;
}
