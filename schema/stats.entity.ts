import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from "typeorm";

/** One recorded page view. */
@Entity({ name: "visit" })
@Index("ix_visit_visitor", ["visitorId"])
@Index("ux_visit_visit_id", ["visitId"], { unique: true })
export class Visit {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ name: "visitor_id", type: "varchar", length: 64 })
  visitorId: string;

  @Column({ type: "varchar", length: 255 })
  path: string;

  @Column({ name: "visited_at", type: "varchar", length: 32 })
  visitedAt: string;

  /**
   * The client's id of this page view (a UUID, lower case), unique: a resent visit is stored once.
   * Null for callers that send none; those are stored every time.
   */
  @Column({ name: "visit_id", type: "varchar", length: 36, nullable: true })
  visitId: string | null;
}

/** Calls per API endpoint (the route pattern, not the concrete URL). */
@Entity({ name: "api_call_counter" })
export class ApiCallCounter {
  @PrimaryColumn({ type: "varchar", length: 191 })
  endpoint: string;

  @Column({ type: "bigint", default: 0 })
  count: string;

  @Column({ name: "last_called", type: "varchar", length: 32, nullable: true })
  lastCalled: string | null;
}
