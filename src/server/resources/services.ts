// Services an account opens before it may write records of some resources (a resource file's
// `requiresService`). `mutual`: the mutual-promise service, opened once by the owner of an
// approved account (POST /system/users/openMutual, page /contract/xhnPaymentStatus). The caller's
// opened services are part of its Actor (src/shared/actor.ts), and the shared access decision
// (src/shared/access.ts) refuses writes until the service is open; reading is not gated.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Service } from '../../shared/actor';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';

/** The services an account row says it has opened. */
export const openedServices = (account: { mutualOpenedAt: Date | null }): Service[] => (account.mutualOpenedAt ? ['mutual'] : []);

/** Whether `accountId` has opened `service`. */
export async function serviceOpened(db: Db, service: Service, accountId: string): Promise<boolean> {
  switch (service) {
    case 'mutual': {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, accountId), isNotNull(accounts.mutualOpenedAt)));
      return row !== undefined;
    }
  }
}
