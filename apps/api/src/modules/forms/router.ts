// forms.*: the eCRF definitions. Everyone in a study reads them; data managers, study managers and
// admins build, publish and archive them (permitted() checks the role, the services the study scope).
import { z } from 'zod';
import {
  formArchiveInput,
  formCreateInput,
  formExportInput,
  formImportInput,
  formListInput,
  formOverviewInput,
  formPublishInput,
  formSaveDraftInput,
  id,
  countFields,
} from '@ctp/contracts';
import { CDASH_LIBRARY } from '@ctp/contracts/cdash-library';
import { router, permitted } from '../../trpc.ts';
import { formStudies, formsOverview, listForms } from './list.ts';
import { formDetail } from './detail.ts';
import { archiveForm, createForm, publishForm, saveDraft } from './write.ts';
import { exportForm, importForms } from './interchange-procedures.ts';

const read = permitted('form.read');
const build = permitted('form.build');

export const formsRouter = router({
  list: read.input(formListInput).query(({ ctx, input }) => listForms(ctx.db, ctx.scope, input)),
  overview: read.input(formOverviewInput).query(({ ctx, input }) => formsOverview(ctx.db, ctx.scope, input ?? {})),
  studies: read.query(({ ctx }) => formStudies(ctx.db, ctx.scope)),
  byId: read.input(z.object({ id })).query(({ ctx, input }) => formDetail(ctx, input.id)),
  /** The CDASH library forms Create Form offers. */
  library: read.query(() =>
    CDASH_LIBRARY.map((f) => ({ domain: f.domain, name: f.name, category: f.category, description: f.description, fieldCount: countFields(f.definition) })),
  ),
  create: build.input(formCreateInput).mutation(({ ctx, input }) => createForm(ctx, input)),
  saveDraft: build.input(formSaveDraftInput).mutation(({ ctx, input }) => saveDraft(ctx, input)),
  publish: build.input(formPublishInput).mutation(({ ctx, input }) => publishForm(ctx, input)),
  archive: build.input(formArchiveInput).mutation(({ ctx, input }) => archiveForm(ctx, input)),
  import: build.input(formImportInput).mutation(({ ctx, input }) => importForms(ctx, input)),
  export: permitted('report.export').input(formExportInput).mutation(({ ctx, input }) => exportForm(ctx, input)),
});
