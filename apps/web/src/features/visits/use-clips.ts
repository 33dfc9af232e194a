import { useCallback, useEffect, useRef, useState } from 'react';

/** A recorded clip kept in the page until it is saved: the audio and an address to listen to it. */
export interface Clip {
  id: string;
  blob: Blob;
  url: string;
}

/**
 * The clips recorded for a visit before they are saved. Each clip's object URL is let go when the
 * clip is removed or cleared, and all of them when the page goes away (not while they are listed).
 */
export function useClips() {
  const [clips, setClips] = useState<Clip[]>([]);
  const latest = useRef(clips);
  useEffect(() => { latest.current = clips; }, [clips]);

  useEffect(() => () => { latest.current.forEach((clip) => { URL.revokeObjectURL(clip.url); }); }, []);

  const add = useCallback((blob: Blob) => {
    setClips((all) => [...all, { id: crypto.randomUUID(), blob, url: URL.createObjectURL(blob) }]);
  }, []);

  const remove = useCallback((id: string) => {
    setClips((all) => {
      const gone = all.find((clip) => clip.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return all.filter((clip) => clip.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    setClips((all) => {
      all.forEach((clip) => { URL.revokeObjectURL(clip.url); });
      return [];
    });
  }, []);

  return { clips, add, remove, clear };
}
