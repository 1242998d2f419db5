/**
 * What the sample captions say: plain sentences about what a class of each
 * kind does, in English and Spanish, by the part of the video they belong
 * to. Written for this project. `{title}` is the episode's title. A line's
 * `voice` is who says it (the kind's own voice when unset); `mark` is how
 * the captions set it off: a sound (captions only, in italics), a count
 * (bold) or a shout (the `loud` class).
 */

/** What the sample catalogue's categories show, as far as captions go. */
export type ProgrammeKind = "fitness" | "dance" | "entertainment" | "wellness"

/** Which part of the video a line belongs to: its first chapter, the middle ones, its last. */
export type Phase = "open" | "main" | "close"

export interface CaptionLine {
  en: string
  es: string
  voice?: string
  mark?: "sound" | "count" | "loud"
}

/** The kind of programme a category's title says, for its videos' captions and chapter titles; fitness for any other. */
export function programmeKind(categoryTitle: string | null): ProgrammeKind {
  const title = categoryTitle ?? ""
  if (/danc/i.test(title)) return "dance"
  if (/entertain|comedy|show/i.test(title)) return "entertainment"
  if (/wellness|meditat|sleep|calm/i.test(title)) return "wellness"
  return "fitness"
}

/** Who speaks in each kind of video, unless a line says otherwise. */
export const VOICES: Record<ProgrammeKind, string> = { fitness: "Instructor", dance: "Instructor", entertainment: "Host", wellness: "Guide" }

const sound = (en: string, es: string): CaptionLine => ({ en, es, mark: "sound" })

export const CAPTION_LINES: Record<ProgrammeKind, Record<Phase, CaptionLine[]>> = {
  fitness: {
    open: [
      { en: "Welcome to {title}.", es: "Bienvenidos a {title}." },
      sound("[Upbeat music starts]", "[Empieza una música animada]"),
      { en: "We start gently: march on the spot and let your arms swing.", es: "Empezamos suave: marcha en el sitio y deja que los brazos se balanceen." },
      { en: "Roll your shoulders back five times, then forward five times.", es: "Gira los hombros hacia atrás cinco veces y luego hacia delante otras cinco." },
      { en: "Hip circles & ankle rolls: loosen everything up.", es: "Círculos de cadera y de tobillos: suelta todo el cuerpo." },
      { en: "Breathe through your nose. This part just wakes the body up.", es: "Respira por la nariz. Esta parte solo despierta el cuerpo." },
    ],
    main: [
      {
        en: "First move: squats. Feet hip-width apart, sit back as if into a chair.",
        es: "Primer ejercicio: sentadillas. Pies a la anchura de las caderas, siéntate hacia atrás como en una silla.",
      },
      { en: "Forty seconds on, twenty seconds rest. Go at your own pace.", es: "Cuarenta segundos de trabajo y veinte de descanso. Ve a tu ritmo." },
      { en: "If your knees complain, make the movement smaller. Smaller still counts.", es: "Si te molestan las rodillas, haz el movimiento más pequeño. También cuenta." },
      { en: "Now push-ups, on your knees or on your toes.", es: "Ahora flexiones, con las rodillas apoyadas o sobre las puntas de los pies." },
      { en: "Keep your core tight and your back flat.", es: "Mantén el abdomen firme y la espalda recta." },
      { en: "Last ten seconds, keep going!", es: "¡Últimos diez segundos, sigue así!", mark: "loud" },
      sound("[Timer beeps]", "[Suena el temporizador]"),
      { en: "Shake it out and grab some water.", es: "Sacude los brazos y bebe un poco de agua." },
      { en: "Next: alternating lunges, ten on each leg.", es: "Siguiente: zancadas alternas, diez con cada pierna." },
      { en: "Three, two, one, and rest.", es: "Tres, dos, uno, y descansa.", mark: "count" },
      { en: "Mountain climbers: drive the knees in, hips low.", es: "Escaladores: lleva las rodillas al pecho con la cadera baja." },
      { en: "Plank for thirty seconds. Breathe, don't hold your breath.", es: "Plancha durante treinta segundos. Respira, no aguantes el aire." },
      { en: "Jumping jacks, or step jacks if you need less impact.", es: "Saltos de tijera, o pasos laterales si necesitas menos impacto." },
    ],
    close: [
      { en: "Bring your heart rate down with slow steps.", es: "Baja las pulsaciones con pasos lentos." },
      { en: "Stretch your hamstrings: one heel forward, hinge at the hips.", es: "Estira los isquiotibiales: un talón adelante y flexiona desde la cadera." },
      { en: "Hold each stretch for three slow breaths.", es: "Mantén cada estiramiento durante tres respiraciones lentas." },
      { en: "Quad stretch: hold a wall if you need the balance.", es: "Estiramiento de cuádriceps: apóyate en la pared si necesitas equilibrio." },
      sound("[Music fades]", "[La música se apaga]"),
      { en: "Great work today. See you in the next session.", es: "Buen trabajo hoy. Nos vemos en la próxima sesión." },
    ],
  },
  dance: {
    open: [
      { en: "Hi everyone, welcome to {title}.", es: "Hola a todos, bienvenidos a {title}." },
      sound("[Music with a steady beat]", "[Música con un ritmo constante]"),
      { en: "Let's loosen up: bounce your knees to the beat.", es: "Vamos a soltarnos: rebota las rodillas al ritmo." },
      { en: "Isolate the chest: forward, back, forward, back.", es: "Aísla el pecho: adelante, atrás, adelante, atrás." },
      { en: "Shoulders up & down, then roll them with the music.", es: "Hombros arriba y abajo, y luego gíralos con la música." },
      { en: "Find the one: every phrase starts on it.", es: "Encuentra el uno: cada frase empieza ahí." },
    ],
    main: [
      { en: "We learn the first eight counts slowly, without music.", es: "Aprendemos los primeros ocho tiempos despacio, sin música." },
      { en: "Step right on one, touch on two, step left on three.", es: "Paso a la derecha en el uno, toca en el dos, paso a la izquierda en el tres." },
      { en: "Turn on five, six, and hit the pose on seven, eight.", es: "Gira en el cinco, seis, y marca la pose en el siete, ocho." },
      { en: "Five, six, seven, eight!", es: "¡Cinco, seis, siete, ocho!", mark: "count" },
      { en: "Now with the music, at half speed.", es: "Ahora con la música, a media velocidad." },
      { en: "Don't worry if you miss a count; come back in on the next one.", es: "Si pierdes un tiempo, no pasa nada: entra en el siguiente." },
      { en: "The arms come in on the 'and' of four.", es: "Los brazos entran en el «y» del cuatro." },
      { en: "Bigger! Let them see it from the back row!", es: "¡Más grande! ¡Que se vea desde la última fila!", mark: "loud" },
      { en: "Now the second eight: slide, slide, ball change.", es: "Ahora los segundos ocho: deslizar, deslizar, cambio de peso." },
      { en: "Watch your weight: it ends on the left foot.", es: "Atención al peso: termina sobre el pie izquierdo." },
      sound("[Music speeds up]", "[La música se acelera]"),
      { en: "From the top, full speed. You've got this.", es: "Desde el principio, a velocidad completa. Tú puedes." },
    ],
    close: [
      { en: "Let's run the whole routine one last time.", es: "Hagamos la coreografía completa una última vez." },
      sound("[Applause]", "[Aplausos]"),
      { en: "Roll down through the spine and breathe out.", es: "Baja vértebra a vértebra y suelta el aire." },
      { en: "Stretch your calves: they did a lot of work today.", es: "Estira los gemelos: hoy han trabajado mucho." },
      { en: "Film yourself and see how far you've come.", es: "Grábate y mira cuánto has avanzado." },
      { en: "Thanks for dancing with me. See you next time.", es: "Gracias por bailar conmigo. Hasta la próxima." },
    ],
  },
  entertainment: {
    open: [
      { en: "Good evening and welcome to {title}.", es: "Buenas noches y bienvenidos a {title}." },
      sound("[Audience cheers]", "[El público aplaude]"),
      { en: "Tonight: big moves, bigger egos & one very nervous host.", es: "Esta noche: grandes pasos, egos aún más grandes y un presentador muy nervioso." },
      { en: "Our judges are in their seats. Judges, any words of warning?", es: "Nuestros jueces ya están en sus sitios. Jueces, ¿alguna advertencia?" },
      { en: "Only this: we have seen every trick in the book.", es: "Solo una: ya hemos visto todos los trucos.", voice: "Judge" },
      { en: "Let's find out if that's true.", es: "Vamos a comprobarlo." },
    ],
    main: [
      { en: "First up, a crew that trained in a car park all winter.", es: "Primero, un grupo que ha entrenado en un aparcamiento todo el invierno." },
      sound("[Music starts]", "[Empieza la música]"),
      { en: "Let's go!", es: "¡Vamos!", voice: "Audience", mark: "loud" },
      { en: "That lift in the middle: nobody saw that coming.", es: "Esa elevación en el medio: nadie se la esperaba." },
      { en: "Sharp, clean and funny. I'd watch that again.", es: "Preciso, limpio y divertido. Lo volvería a ver.", voice: "Judge" },
      { en: "Meanwhile, backstage, somebody has lost a shoe.", es: "Mientras tanto, entre bastidores, alguien ha perdido un zapato." },
      sound("[Laughter]", "[Risas]"),
      { en: "The next act promised no props. There are props.", es: "El siguiente número prometió no usar objetos. Hay objetos." },
      { en: "The timing slipped in the second half, but the ending saved it.", es: "El ritmo falló en la segunda mitad, pero el final lo salvó.", voice: "Judge" },
      { en: "The scores are in. Let's see them.", es: "Ya tenemos las puntuaciones. Veámoslas." },
      { en: "Nine, eight and... ten!", es: "Nueve, ocho y... ¡diez!", mark: "count" },
      { en: "A quick break, and then the last round.", es: "Una breve pausa y luego la última ronda." },
    ],
    close: [
      { en: "And that's our show.", es: "Y hasta aquí nuestro programa." },
      sound("[Audience applauds]", "[El público aplaude]"),
      { en: "Thanks to every act who stepped on that stage.", es: "Gracias a todos los que han subido a ese escenario." },
      { en: "Keep practising. Come back and surprise us.", es: "Seguid practicando. Volved y sorprendednos.", voice: "Judge" },
      { en: "Good night, and keep moving.", es: "Buenas noches, y seguid moviéndoos." },
    ],
  },
  wellness: {
    open: [
      { en: "Welcome to {title}. Find a comfortable seat.", es: "Bienvenidos a {title}. Busca una postura cómoda." },
      sound("[Soft music]", "[Música suave]"),
      { en: "Let your eyes close, or rest your gaze on the floor.", es: "Cierra los ojos o deja la mirada apoyada en el suelo." },
      { en: "Notice where your body touches the chair or the floor.", es: "Observa dónde tu cuerpo toca la silla o el suelo." },
      { en: "There is nothing to do right now but breathe.", es: "Ahora mismo no hay nada que hacer salvo respirar." },
    ],
    main: [
      { en: "Breathe in for four counts, and out for six.", es: "Inspira en cuatro tiempos y espira en seis." },
      { en: "In, two, three, four. Out, two, three, four, five, six.", es: "Dentro, dos, tres, cuatro. Fuera, dos, tres, cuatro, cinco, seis.", mark: "count" },
      { en: "If your mind wanders, that's fine. Come back to the breath.", es: "Si la mente se distrae, no pasa nada. Vuelve a la respiración." },
      { en: "Bring your attention to your feet, then your ankles.", es: "Lleva la atención a los pies y luego a los tobillos." },
      { en: "Let your shoulders drop away from your ears.", es: "Deja caer los hombros lejos de las orejas." },
      { en: "Soften your jaw & the space between your eyebrows.", es: "Relaja la mandíbula y el espacio entre las cejas." },
      sound("[A bell rings]", "[Suena una campana]"),
      { en: "Stay here for a few breaths, just listening.", es: "Quédate aquí unas respiraciones, solo escuchando." },
      { en: "Notice the air: cool on the way in, warm on the way out.", es: "Observa el aire: fresco al entrar, templado al salir." },
      { en: "Slowly roll your head from side to side.", es: "Gira la cabeza despacio de un lado a otro." },
      { en: "Stretch your arms overhead and sigh out loud.", es: "Estira los brazos por encima de la cabeza y suspira en voz alta." },
    ],
    close: [
      { en: "Begin to deepen your breath.", es: "Empieza a hacer la respiración más profunda." },
      { en: "Wiggle your fingers and toes.", es: "Mueve los dedos de las manos y de los pies." },
      { en: "When you're ready, open your eyes.", es: "Cuando quieras, abre los ojos." },
      sound("[Music fades out]", "[La música se apaga]"),
      { en: "Take this calm with you into the rest of your day.", es: "Llévate esta calma al resto del día." },
    ],
  },
}

/** Chapter titles by kind: the first chapter's, the middle ones' in order (as many as a video has), the last one's. */
export const CHAPTER_TITLES: Record<ProgrammeKind, { first: string; middle: string[]; last: string }> = {
  fitness: { first: "Warm-up", middle: ["First routine", "Second routine", "Strength block", "Finisher"], last: "Cool-down" },
  dance: { first: "Warm-up", middle: ["First eight counts", "Second eight counts", "Putting it together", "Full out with music"], last: "Cool-down and stretch" },
  entertainment: { first: "Opening", middle: ["First act", "Second act", "Third act", "Encore"], last: "Wrap-up" },
  wellness: { first: "Settling in", middle: ["Breathing practice", "Body scan", "Guided stillness", "Gentle movement"], last: "Closing" },
}
