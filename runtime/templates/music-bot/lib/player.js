// Where audio playback plugs in. This template does NOT stream audio: it manages the queue and
// knows which voice channel each request came from, but it never joins the channel or plays a
// sound. Streaming needs two more pieces:
//   1. @discordjs/voice (plus an Opus encoder such as @discordjs/opus and FFmpeg) to join the
//      voice channel and send audio;
//   2. an audio source that turns a query into a stream you are allowed to play.
// README.md shows where they go. Until then every reply says playback is not available, so nobody
// waits for music that will not come.

const PLAYBACK_AVAILABLE = false;

const PLAYBACK_NOTE =
  "Playback needs voice support (@discordjs/voice and an audio source), which this template does not include yet, so nothing will play. The queue itself works.";

module.exports = { PLAYBACK_AVAILABLE, PLAYBACK_NOTE };
