// Services an account opens before it may write records of some resources (a resource file's
// `requiresService`). `mutual`: the mutual-promise service, opened once by the owner of an
// approved account (POST /system/users/openMutual, page /contract/xhnPaymentStatus). Reading
// such records is not gated: an account sees what the service offers before it opens it.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { ResourceDefinition } from '../../shared/resources/types';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import { forbidden } from '../errors';

type Service = NonNullable<ResourceDefinition['requiresService']>;

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

/** A 403 telling the caller where to open the service, unless its account has opened it. */
export async function requireService(db: Db, def: Pick<ResourceDefinition, 'requiresService'>, accountId: string): Promise<void> {
  if (def.requiresService && !(await serviceOpened(db, def.requiresService, accountId))) throw forbidden(`${def.requiresService}ServiceNotOpened`);
}
