import type { Notice, NoticeBody } from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
import { isoOrNull } from '@/lib/dates';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RealtimePublisher } from '@/plugins/realtime-publisher';
import type { NoticesRepository } from './notices.repository';
import { sanitizeNoticeHtml } from './sanitize-notice-html';

type NoticeRow = NonNullable<Awaited<ReturnType<NoticesRepository['find']>>>;

const toNotice = (row: NoticeRow): Notice => ({
  id: row.id,
  type: row.type,
  message: row.message,
  enabled_at: isoOrNull(row.enabledAt),
});

interface Deps {
  noticesRepository: NoticesRepository;
  publisher: Pick<RealtimePublisher, 'toAll'>;
  now: () => Date;
}

/** Global notices (spec §3, §4): written by system admins, shown to everyone once enabled. */
export const createNoticesService = ({ noticesRepository, publisher, now }: Deps) => {
  /** The message is stored sanitised, so no reader has to trust what an admin typed. */
  const valuesFrom = (body: NoticeBody, enabledAt: Date | null) => {
    const message = sanitizeNoticeHtml(body.message).trim();
    if (!message) throw invalid('Message is required', 'message');
    return { type: body.type, message, enabledAt };
  };
  // Browsers reload their notices on this event, so every change is announced.
  const changed = () => publisher.toAll('NoticesChanged');

  return {
    async listEnabled(): Promise<Notice[]> {
      return (await noticesRepository.listEnabled()).map(toNotice);
    },

    async list(page: { limit: number; offset: number }) {
      const { rows, total } = await noticesRepository.list(page);
      return { data: rows.map(toNotice), total };
    },

    async create(auth: AuthContext, body: NoticeBody): Promise<Notice> {
      const row = await noticesRepository.insert({
        ...valuesFrom(body, body.enabled ? now() : null),
        createdBy: auth.user.id,
      });
      changed();
      return toNotice(row);
    },

    /**
     * Enabling stamps enabled_at (which is what makes the header say 'Important' again); editing
     * a notice that stays enabled keeps its time, so a typo fix does not re-alert everyone.
     */
    async update(id: number, body: NoticeBody): Promise<Notice> {
      const current = await noticesRepository.find(id);
      if (!current) throw notFound(`Notice ${id} not found`);
      const enabledAt = body.enabled ? (current.enabledAt ?? now()) : null;
      const row = await noticesRepository.update(id, valuesFrom(body, enabledAt));
      if (!row) throw notFound(`Notice ${id} not found`);
      changed();
      return toNotice(row);
    },

    async remove(id: number) {
      if (!(await noticesRepository.remove(id))) throw notFound(`Notice ${id} not found`);
      changed();
    },
  };
};

export type NoticesService = ReturnType<typeof createNoticesService>;
