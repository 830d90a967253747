/** Who looks at a game photo: the team this browser proved (if any), and whether it is staff. */
export interface PhotoViewer {
  teamEmail: string | null;
  isStaff: boolean;
}

/**
 * Game photos are private (ARCHITECTURE §7): the team that took them and the tenant's staff
 * (tenant admins, game managers, the superadmin) may see them, nobody else.
 */
export function canReadPhoto(viewer: PhotoViewer, photo: { ownerEmail: string }): boolean {
  return viewer.isStaff || (viewer.teamEmail !== null && viewer.teamEmail === photo.ownerEmail);
}
